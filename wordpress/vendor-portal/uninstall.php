<?php
/**
 * Deleting the plugin removes its option.
 *
 * @package VendorPortal
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'vendor_portal_settings' );
