<?php
/**
 * The plugin's one option (`vendor_portal_settings`): where the portal and its API are, the elements'
 * theme and the brand colour. Read here, sanitised here.
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

/** Reads and sanitises the settings. */
class Vendor_Portal_Settings {

	const OPTION = 'vendor_portal_settings';

	const THEMES = array( 'light', 'dark', 'auto' );

	/**
	 * The settings with their defaults filled in.
	 *
	 * @return array{portal_url: string, api_base: string, theme: string, brand: string}
	 */
	public static function get() {
		$saved = get_option( self::OPTION, array() );
		$saved = is_array( $saved ) ? $saved : array();
		return array_merge(
			array(
				'portal_url' => '',
				'api_base'   => '',
				'theme'      => 'light',
				'brand'      => '',
			),
			array_intersect_key( $saved, array_flip( array( 'portal_url', 'api_base', 'theme', 'brand' ) ) )
		);
	}

	/** The portal's address without a trailing slash, or '' when not set yet. */
	public static function portal_url() {
		return untrailingslashit( self::get()['portal_url'] );
	}

	/** The API base the elements call: the setting, else the portal's `/api/v1`. */
	public static function api_base() {
		$settings = self::get();
		if ( '' !== $settings['api_base'] ) {
			return untrailingslashit( $settings['api_base'] );
		}
		return '' === self::portal_url() ? '' : self::portal_url() . '/api/v1';
	}

	/**
	 * Sanitises the settings form (the Settings API's sanitize_callback).
	 *
	 * @param mixed $input The submitted values.
	 * @return array The values to store.
	 */
	public static function sanitize( $input ) {
		$input = is_array( $input ) ? $input : array();
		$theme = isset( $input['theme'] ) ? sanitize_key( $input['theme'] ) : 'light';
		$brand = isset( $input['brand'] ) ? sanitize_hex_color( $input['brand'] ) : '';
		return array(
			'portal_url' => isset( $input['portal_url'] ) ? esc_url_raw( untrailingslashit( trim( $input['portal_url'] ) ), array( 'http', 'https' ) ) : '',
			'api_base'   => isset( $input['api_base'] ) ? esc_url_raw( untrailingslashit( trim( $input['api_base'] ) ), array( 'http', 'https' ) ) : '',
			'theme'      => in_array( $theme, self::THEMES, true ) ? $theme : 'light',
			'brand'      => $brand ? $brand : '',
		);
	}

	/** This site's origin (scheme, host, port): what the server's ALLOWED_ORIGINS must list. */
	public static function site_origin() {
		$parts  = wp_parse_url( home_url() );
		$origin = $parts['scheme'] . '://' . $parts['host'];
		return isset( $parts['port'] ) ? $origin . ':' . $parts['port'] : $origin;
	}
}
