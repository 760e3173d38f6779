<?php
/**
 * A dynamic block per element (blocks/<name>/block.json, generated with elements.json): rendered on the
 * server like the shortcode, edited with one plain script (no build step) that shows the attributes in
 * the block inspector.
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

/** Registers the blocks and their editor script. */
class Vendor_Portal_Blocks {

	const EDITOR_HANDLE = 'vendor-portal-blocks';

	/**
	 * The block of an element: `vendor-portal/checkout`.
	 *
	 * @param string $name The element's short name.
	 * @return string
	 */
	public static function block_name( $name ) {
		return 'vendor-portal/' . $name;
	}

	/** Registers the editor script, then each block from its block.json. */
	public static function register() {
		wp_register_script(
			self::EDITOR_HANDLE,
			plugins_url( 'assets/blocks-editor.js', VENDOR_PORTAL_DIR . 'vendor-portal.php' ),
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n' ),
			VENDOR_PORTAL_VERSION,
			true
		);
		wp_set_script_translations( self::EDITOR_HANDLE, 'vendor-portal' );
		wp_add_inline_script(
			self::EDITOR_HANDLE,
			'window.vendorPortalElements = ' . wp_json_encode( Vendor_Portal_Elements::all() ) . ';',
			'before'
		);
		foreach ( array_keys( Vendor_Portal_Elements::all() ) as $name ) {
			register_block_type(
				VENDOR_PORTAL_DIR . 'blocks/' . $name,
				array(
					'render_callback' => function ( $attributes ) use ( $name ) {
						return Vendor_Portal_Elements::render( $name, $attributes );
					},
				)
			);
		}
	}
}
