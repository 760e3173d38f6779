<?php
/**
 * The loader and the reserved-space CSS, only on pages that hold an element, once per page.
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

/** Enqueues the loader (a module) and the page CSS. */
class Vendor_Portal_Assets {

	const HANDLE = 'vendor-portal-loader';

	/**
	 * Enqueues the loader and the CSS. Called while an element renders; calling it again changes
	 * nothing, so a page with many elements still loads the loader once.
	 */
	public static function enqueue() {
		$portal = Vendor_Portal_Settings::portal_url();
		if ( '' === $portal || wp_script_is( self::HANDLE, 'enqueued' ) ) {
			return;
		}
		wp_enqueue_script( self::HANDLE, $portal . '/widgets/loader.js', array(), null, false ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the portal versions its own files.
		wp_register_style( self::HANDLE, false, array(), VENDOR_PORTAL_VERSION );
		wp_add_inline_style( self::HANDLE, self::css() );
		wp_enqueue_style( self::HANDLE );
	}

	/**
	 * On `wp_enqueue_scripts`: a classic theme renders the content after the head, so the loader and
	 * the CSS are enqueued here, into the head, when the queried content holds a shortcode or a block
	 * (a block theme renders its template first, and render-time enqueueing lands in the head anyway).
	 */
	public static function enqueue_when_content_needs_them() {
		global $wp_query;
		if ( empty( $wp_query->posts ) ) {
			return;
		}
		foreach ( $wp_query->posts as $post ) {
			if ( self::content_has_element( (string) $post->post_content ) ) {
				self::enqueue();
				return;
			}
		}
	}

	/**
	 * Whether the content holds one of our shortcodes or blocks.
	 *
	 * @param string $content Post content.
	 * @return bool
	 */
	public static function content_has_element( $content ) {
		foreach ( array_keys( Vendor_Portal_Elements::all() ) as $name ) {
			if ( has_shortcode( $content, Vendor_Portal_Shortcodes::tag( $name ) ) || has_block( Vendor_Portal_Blocks::block_name( $name ), $content ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * `<script type="module">` for the loader (WordPress 6.1 has no module API).
	 *
	 * @param string $tag    The script tag WordPress prints.
	 * @param string $handle Its handle.
	 * @return string
	 */
	public static function as_module( $tag, $handle ) {
		if ( self::HANDLE !== $handle ) {
			return $tag;
		}
		$tag = preg_replace( '/\stype=([\'"])[^\'"]*\1/', '', $tag );
		return str_replace( '<script ', '<script type="module" ', $tag );
	}

	/**
	 * Each element keeps its space until its code has loaded (no layout shift), and takes the brand
	 * colour when one is set. Values come from elements.json and a sanitised hex colour.
	 *
	 * @return string
	 */
	private static function css() {
		$css  = '';
		$tags = array();
		foreach ( Vendor_Portal_Elements::all() as $element ) {
			$tags[] = $element['tag'];
			$css   .= $element['tag'] . ':not(:defined){display:block;min-height:' . preg_replace( '/[^0-9a-z.%]/', '', $element['reserve'] ) . '}';
		}
		$brand = sanitize_hex_color( Vendor_Portal_Settings::get()['brand'] );
		if ( $brand ) {
			$css .= implode( ',', $tags ) . '{--vendor-color-primary:' . $brand . '}';
		}
		return $css;
	}
}
