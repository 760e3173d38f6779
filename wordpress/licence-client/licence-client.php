<?php
/**
 * The vendor's licence client, dropped into each plugin the vendor sells (a copy of this folder):
 *
 *     require_once __DIR__ . '/licence-client/licence-client.php';
 *     Vendor_Licence_Client::register( array(
 *         'file'       => __FILE__,              // the plugin's main file
 *         'name'       => 'My Plugin',           // shown on the licence screen
 *         'item_id'    => 4372,                  // the product's download id in the store
 *         'store'      => 'https://store.example.com',
 *         'public_key' => '…',                   // public_key of the store's /api/v1/licenses/public-key
 *     ) );
 *
 * Several plugins may bundle it: the first copy loaded defines the classes, each plugin registers its
 * own client. PHP 7.4 to 8.3, nothing else needed (sodium is part of PHP).
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

if ( ! class_exists( 'Vendor_Licence_Client' ) ) {
	require_once __DIR__ . '/includes/class-vendor-licence-file.php';
	require_once __DIR__ . '/includes/class-vendor-licence-api.php';
	require_once __DIR__ . '/includes/class-vendor-licence-state.php';
	require_once __DIR__ . '/includes/class-vendor-licence-messages.php';
	require_once __DIR__ . '/includes/class-vendor-licence-screen.php';
	require_once __DIR__ . '/includes/class-vendor-licence-updater.php';
	require_once __DIR__ . '/includes/class-vendor-licence-heartbeat.php';
	require_once __DIR__ . '/includes/class-vendor-licence-client.php';
}
