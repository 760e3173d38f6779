<?php
/**
 * Runs the example plugin's daily heartbeat inside the test site (php heartbeat.php <site folder>), once
 * with the store reachable and once with every call to it failing, as when the store is down. Prints the
 * licence state after each (the key left out) and whether the event is scheduled, for licence.spec.ts.
 */
require $argv[1] . '/wp-load.php';

$hook  = 'vendor_licence_heartbeat_example-plugin';
$state = function () {
	$saved = get_option( 'vendor_licence_example-plugin' );
	return array(
		'status'   => $saved['status'],
		'offline'  => $saved['offline'],
		'has_file' => '' !== $saved['file'],
	);
};

$result = array( 'scheduled' => (bool) wp_next_scheduled( $hook ) );

update_option( 'vendor_licence_example-plugin', array_merge( get_option( 'vendor_licence_example-plugin' ), array( 'checked_at' => 0 ) ), false );
do_action( $hook );
$result['online']            = $state();
$result['online_checked_at'] = get_option( 'vendor_licence_example-plugin' )['checked_at'] > 0;

add_filter(
	'pre_http_request',
	function () {
		return new WP_Error( 'http_request_failed', 'The store is down.' );
	}
);
do_action( $hook );
$result['offline'] = $state();

echo wp_json_encode( $result ), "\n";
