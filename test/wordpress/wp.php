<?php
/**
 * What the tests ask of the test site without wp-cli (php wp.php <site folder> <command> [args]), in JSON:
 *
 *   option <name>                     the stored option (null when there is none)
 *   nonce <logged_in cookie> <action> a nonce of the signed-in user that cookie belongs to, as a page
 *                                     WordPress showed them would hold
 *   uninstall <plugin file> <like>…   deactivates the plugin and uninstalls it as wp-admin's Delete does
 *                                     (uninstall_plugin(): WP_UNINSTALL_PLUGIN, then its uninstall.php),
 *                                     tells which options named LIKE a pattern (transients among them) and
 *                                     which cron hooks existed before and remain after, then puts the
 *                                     rows back and activates the plugin again for the tests after it
 */
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$command = $argv[2];

if ( 'option' === $command ) {
	echo wp_json_encode( get_option( $argv[3], null ) ), "\n";
	exit;
}

if ( 'nonce' === $command ) {
	$_COOKIE[ LOGGED_IN_COOKIE ] = $argv[3];
	$user                        = wp_validate_auth_cookie( $argv[3], 'logged_in' );
	if ( ! $user ) {
		fwrite( STDERR, "wp.php: the cookie is not a valid logged_in cookie\n" );
		exit( 1 );
	}
	wp_set_current_user( $user );
	echo wp_json_encode( wp_create_nonce( $argv[4] ) ), "\n";
	exit;
}

if ( 'uninstall' === $command ) {
	global $wpdb;
	$plugin   = $argv[3];
	$patterns = array_slice( $argv, 4 );
	$rows     = function () use ( $wpdb, $patterns ) {
		$found = array();
		foreach ( $patterns as $pattern ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test script reading the table itself.
			$found = array_merge( $found, $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value, autoload FROM {$wpdb->options} WHERE option_name LIKE %s", $pattern ), ARRAY_A ) );
		}
		return $found;
	};
	$hooks = function () use ( $patterns ) {
		$found = array();
		foreach ( (array) _get_cron_array() as $events ) {
			foreach ( array_keys( $events ) as $hook ) {
				foreach ( $patterns as $pattern ) {
					if ( preg_match( '/^' . str_replace( '%', '.*', preg_quote( $pattern, '/' ) ) . '$/', $hook ) ) {
						$found[] = $hook;
					}
				}
			}
		}
		return array_values( array_unique( $found ) );
	};
	$names = function ( $list ) {
		$names = array_values( array_unique( array_column( $list, 'option_name' ) ) );
		sort( $names );
		return $names;
	};

	$before      = $rows();
	$hooks_first = $hooks();
	$cron        = get_option( 'cron' );
	deactivate_plugins( $plugin );
	uninstall_plugin( $plugin );
	wp_cache_flush();
	$result = array(
		'before'       => $names( $before ),
		'after'        => $names( $rows() ),
		'hooks_before' => $hooks_first,
		'hooks_after'  => $hooks(),
	);

	// Back as it was, for the tests after this one.
	foreach ( $before as $row ) {
		$wpdb->replace( $wpdb->options, $row ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}
	update_option( 'cron', $cron );
	wp_cache_flush();
	$activated = activate_plugin( $plugin );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, 'wp.php: ' . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
	echo wp_json_encode( $result ), "\n";
	exit;
}

fwrite( STDERR, "wp.php: unknown command $command\n" );
exit( 1 );
