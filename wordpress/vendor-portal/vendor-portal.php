<?php
/**
 * Plugin Name:       Vendor Portal
 * Description:       Puts the vendor's checkout, licences and customer portal into pages: a shortcode and a block for every element.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           GPL-2.0-or-later
 * Text Domain:       vendor-portal
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

define( 'VENDOR_PORTAL_VERSION', '1.0.0' );
define( 'VENDOR_PORTAL_DIR', plugin_dir_path( __FILE__ ) );

require_once VENDOR_PORTAL_DIR . 'includes/class-vendor-portal-settings.php';
require_once VENDOR_PORTAL_DIR . 'includes/class-vendor-portal-elements.php';
require_once VENDOR_PORTAL_DIR . 'includes/class-vendor-portal-assets.php';
require_once VENDOR_PORTAL_DIR . 'includes/class-vendor-portal-shortcodes.php';
require_once VENDOR_PORTAL_DIR . 'includes/class-vendor-portal-blocks.php';
require_once VENDOR_PORTAL_DIR . 'includes/class-vendor-portal-settings-page.php';

add_action(
	'init',
	function () {
		load_plugin_textdomain( 'vendor-portal', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
	}
);
add_action( 'init', array( 'Vendor_Portal_Shortcodes', 'register' ) );
add_action( 'init', array( 'Vendor_Portal_Blocks', 'register' ) );
add_action( 'wp_enqueue_scripts', array( 'Vendor_Portal_Assets', 'enqueue_when_content_needs_them' ) );
add_filter( 'script_loader_tag', array( 'Vendor_Portal_Assets', 'as_module' ), 10, 2 );
add_action( 'admin_menu', array( 'Vendor_Portal_Settings_Page', 'add_page' ) );
add_action( 'admin_init', array( 'Vendor_Portal_Settings_Page', 'register_fields' ) );
