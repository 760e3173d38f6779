<?php
/**
 * Plugin Name:       Example Plugin
 * Description:       A plugin sold by the vendor: activate its licence under Settings → Example Plugin licence, and it updates from the vendor's store.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           GPL-2.0-or-later
 * Text Domain:       example-plugin
 *
 * @package ExamplePlugin
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/licence-client/licence-client.php';

/*
 * The store, the product and the store's public key ship with the plugin; the filter lets a site (the
 * tests' loopback store) point it elsewhere.
 */
Vendor_Licence_Client::register(
	apply_filters(
		'example_plugin_licence_client_args',
		array(
			'file'       => __FILE__,
			'name'       => 'Example Plugin',
			'item_id'    => 1677666,
			'store'      => 'https://store.example.com',
			'public_key' => 'REPLACE_WITH_THE_STORE_PUBLIC_KEY',
		)
	)
);
