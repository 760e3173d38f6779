<?php
/**
 * Deleting the plugin forgets its licence state, its cached release and its heartbeat.
 *
 * @package ExamplePlugin
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'vendor_licence_example-plugin' );
delete_site_transient( 'vendor_licence_release_' . md5( 'example-plugin' ) );
wp_clear_scheduled_hook( 'vendor_licence_heartbeat_example-plugin' );
