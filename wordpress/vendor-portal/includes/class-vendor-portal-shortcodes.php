<?php
/**
 * A shortcode per element: `[vendor_checkout download_id="4372" price_id="1"]` is
 * `<vendor-checkout download-id="4372" price-id="1">` with the site's API base and theme.
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

/** Registers and renders the shortcodes. */
class Vendor_Portal_Shortcodes {

	/**
	 * The shortcode of an element: `vendor_payment_result` for `payment-result`.
	 *
	 * @param string $name The element's short name.
	 * @return string
	 */
	public static function tag( $name ) {
		return 'vendor_' . str_replace( '-', '_', $name );
	}

	/** Registers one shortcode per element. */
	public static function register() {
		foreach ( Vendor_Portal_Elements::all() as $name => $element ) {
			add_shortcode(
				self::tag( $name ),
				function ( $atts ) use ( $name, $element ) {
					$defaults = array_fill_keys( array_keys( $element['attributes'] ), '' );
					return Vendor_Portal_Elements::render( $name, shortcode_atts( $defaults, $atts, self::tag( $name ) ) );
				}
			);
		}
	}
}
