<?php
/**
 * The elements and their attributes (elements.json, generated from the elements' own manifest by
 * `npm run wordpress:zip`), and the one place that turns attributes into an element's HTML.
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

/** The element catalogue and the element markup. */
class Vendor_Portal_Elements {

	/**
	 * Elements by short name (`checkout` for `<vendor-checkout>`).
	 *
	 * @var array|null
	 */
	private static $elements = null;

	/**
	 * Every element: tag, title, description, reserved height and attributes (by snake_case name).
	 *
	 * @return array
	 */
	public static function all() {
		if ( null === self::$elements ) {
			$json           = file_get_contents( VENDOR_PORTAL_DIR . 'elements.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin.
			$decoded        = json_decode( (string) $json, true );
			self::$elements = is_array( $decoded ) ? $decoded : array();
		}
		return self::$elements;
	}

	/**
	 * The element's HTML: the site's API base and theme, then the given attributes, each escaped.
	 * Attributes the element does not take are dropped; empty ones are left out.
	 *
	 * @param string $name       The element's short name.
	 * @param array  $attributes Values by snake_case name (shortcode or block attributes).
	 * @return string
	 */
	public static function render( $name, $attributes ) {
		$elements = self::all();
		if ( ! isset( $elements[ $name ] ) ) {
			return '';
		}
		$element  = $elements[ $name ];
		$settings = Vendor_Portal_Settings::get();
		$values   = array(
			'api-base' => Vendor_Portal_Settings::api_base(),
			'theme'    => $settings['theme'],
		);
		if ( isset( $element['attributes']['portal_url'] ) ) {
			$values['portal-url'] = Vendor_Portal_Settings::portal_url();
		}
		foreach ( $element['attributes'] as $key => $attribute ) {
			if ( ! isset( $attributes[ $key ] ) ) {
				continue;
			}
			$value = self::attribute_value( $attribute, $attributes[ $key ] );
			if ( '' !== $value ) {
				$values[ $attribute['attribute'] ] = $value;
			}
		}
		Vendor_Portal_Assets::enqueue();

		$html = '<' . $element['tag'];
		foreach ( $values as $attribute => $value ) {
			if ( self::is_link( $attribute ) ) {
				// Only http(s) or relative links: a shortcode's author may be a contributor. Not esc_url(),
				// which would drop the braces of a link template such as conversation-url's `{id}`.
				$value = wp_kses_bad_protocol( $value, array( 'http', 'https' ) );
			}
			if ( '' !== $value ) {
				$html .= ' ' . $attribute . '="' . esc_attr( $value ) . '"';
			}
		}
		return $html . '></' . $element['tag'] . '>';
	}

	/**
	 * Whether an attribute is a link the element may follow or call.
	 *
	 * @param string $attribute The attribute's name.
	 * @return bool
	 */
	private static function is_link( $attribute ) {
		return 'api-base' === $attribute || 'redirect' === $attribute || '-url' === substr( $attribute, -4 );
	}

	/**
	 * One attribute's value as the element reads it: numbers stay numbers, booleans become `true`,
	 * a list of allowed values keeps only those.
	 *
	 * @param array $attribute The attribute's description.
	 * @param mixed $value     The given value.
	 * @return string '' when the value is unusable.
	 */
	private static function attribute_value( $attribute, $value ) {
		if ( 'boolean' === $attribute['type'] ) {
			return filter_var( $value, FILTER_VALIDATE_BOOLEAN ) ? 'true' : '';
		}
		$value = trim( (string) $value );
		if ( 'number' === $attribute['type'] ) {
			return is_numeric( $value ) ? $value : '';
		}
		if ( ! empty( $attribute['enum'] ) ) {
			return in_array( $value, $attribute['enum'], true ) ? $value : '';
		}
		return sanitize_text_field( $value );
	}
}
