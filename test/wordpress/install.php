<?php
/**
 * Installs the test site (run by serve.sh with the site's folder as argument): wp_install(), the
 * project's plugins activated, the embedding plugin pointed at the test store, and the pages the tests
 * open. The administrator is `admin` / `admin-password`, a subscriber `subscriber` / `subscriber-password`
 * (a throwaway site on loopback only).
 */
define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST'] = wp_install_host();
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

/** The host:port of WP_HOME, which WordPress reads from the request while installing. */
function wp_install_host() {
	$config = file_get_contents( $GLOBALS['argv'][1] . '/wp-config.php' );
	preg_match( "/'WP_HOME', '([^']+)'/", $config, $match );
	return parse_url( $match[1], PHP_URL_HOST ) . ':' . parse_url( $match[1], PHP_URL_PORT );
}

wp_install( 'Vendor shop', 'admin', 'admin@example.com', true, '', 'admin-password' );
switch_theme( 'twentytwentythree' );
// Someone signed in without manage_options, whom the settings screens must refuse.
$subscriber = wp_insert_user(
	array(
		'user_login' => 'subscriber',
		'user_pass'  => 'subscriber-password',
		'user_email' => 'subscriber@example.com',
		'role'       => 'subscriber',
	)
);
if ( is_wp_error( $subscriber ) ) {
	fwrite( STDERR, 'subscriber: ' . $subscriber->get_error_message() . "\n" );
	exit( 1 );
}

foreach ( array( 'vendor-portal/vendor-portal.php', 'example-plugin/example-plugin.php' ) as $plugin ) {
	$activated = activate_plugin( $plugin );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, $plugin . ': ' . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
}

$store = getenv( 'STORE_URL' );
update_option(
	'vendor_portal_settings',
	array(
		'portal_url' => $store,
		'api_base'   => $store . '/api/v1',
		'theme'      => 'light',
		'brand'      => '',
	)
);

$pages = array(
	'checkout' => array( 'Buy the Addons Plugin', '[vendor_checkout download_id="4372"]' ),
	'about'    => array( 'About us', 'We make plugins for WordPress.' ),
	'two'      => array( 'News twice', '[vendor_news]<!-- wp:vendor-portal/news {"heading":"More news"} /-->' ),
	// What a contributor could write: a script link and a value that tries to leave its attribute.
	'hostile'  => array( 'Hostile news', '[vendor_news browse_url="javascript:alert(1)" heading=\'" onmouseover="alert(1)\' unknown="x"]' ),
);
foreach ( $pages as $slug => $page ) {
	wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_name'    => $slug,
			'post_title'   => $page[0],
			'post_content' => $page[1],
		)
	);
}
echo "installed\n";
