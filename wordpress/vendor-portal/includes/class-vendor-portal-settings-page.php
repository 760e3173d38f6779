<?php
/**
 * Settings → Vendor Portal: the portal's address, the API base, the theme and the brand colour, through
 * the Settings API (options.php checks the capability and the nonce), and which origin the server must
 * allow.
 *
 * @package VendorPortal
 */

defined( 'ABSPATH' ) || exit;

/** The settings screen. */
class Vendor_Portal_Settings_Page {

	const PAGE = 'vendor-portal';

	/** Adds the page under Settings, for administrators only. */
	public static function add_page() {
		add_options_page(
			__( 'Vendor Portal', 'vendor-portal' ),
			__( 'Vendor Portal', 'vendor-portal' ),
			'manage_options',
			self::PAGE,
			array( __CLASS__, 'render' )
		);
	}

	/** Registers the option and its fields. */
	public static function register_fields() {
		register_setting(
			self::PAGE,
			Vendor_Portal_Settings::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( 'Vendor_Portal_Settings', 'sanitize' ),
			)
		);
		add_settings_section( 'vendor-portal-main', '', '__return_false', self::PAGE );
		$fields = array(
			'portal_url' => __( 'Portal URL', 'vendor-portal' ),
			'api_base'   => __( 'API base', 'vendor-portal' ),
			'theme'      => __( 'Theme', 'vendor-portal' ),
			'brand'      => __( 'Brand colour', 'vendor-portal' ),
		);
		foreach ( $fields as $key => $label ) {
			add_settings_field(
				'vendor-portal-' . $key,
				$label,
				array( __CLASS__, 'field_' . $key ),
				self::PAGE,
				'vendor-portal-main',
				array( 'label_for' => 'vendor-portal-' . $key )
			);
		}
	}

	/** The page. */
	public static function render() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Vendor Portal', 'vendor-portal' ); ?></h1>
			<form method="post" action="options.php">
				<?php
				settings_fields( self::PAGE );
				do_settings_sections( self::PAGE );
				submit_button();
				?>
			</form>
			<h2><?php esc_html_e( 'Allow this site on the server', 'vendor-portal' ); ?></h2>
			<p>
				<?php esc_html_e( 'The elements call the portal from this site’s pages. Add this origin to the server’s ALLOWED_ORIGINS:', 'vendor-portal' ); ?>
				<code id="vendor-portal-origin"><?php echo esc_html( Vendor_Portal_Settings::site_origin() ); ?></code>
			</p>
			<h2><?php esc_html_e( 'Shortcodes', 'vendor-portal' ); ?></h2>
			<p><?php esc_html_e( 'Paste one into a page, or insert the block of the same name. Attributes use underscores: download_id for the element’s download-id.', 'vendor-portal' ); ?></p>
			<ul>
				<?php foreach ( Vendor_Portal_Elements::all() as $name => $element ) : ?>
					<li>
						<code>[<?php echo esc_html( Vendor_Portal_Shortcodes::tag( $name ) ); ?>]</code>
						<?php echo esc_html( $element['description'] ); ?>
						<?php if ( $element['attributes'] ) : ?>
							<?php
							/* translators: %s: a comma-separated list of attribute names. */
							echo esc_html( sprintf( __( 'Attributes: %s.', 'vendor-portal' ), implode( ', ', array_keys( $element['attributes'] ) ) ) );
							?>
						<?php endif; ?>
					</li>
				<?php endforeach; ?>
			</ul>
		</div>
		<?php
	}

	/**
	 * A text or URL field of the option.
	 *
	 * @param string $key         The setting.
	 * @param string $type        The input type.
	 * @param string $description The help text.
	 */
	private static function input( $key, $type, $description ) {
		$settings = Vendor_Portal_Settings::get();
		printf(
			'<input type="%1$s" class="regular-text" id="vendor-portal-%2$s" name="%3$s[%2$s]" value="%4$s" aria-describedby="vendor-portal-%2$s-help"><p class="description" id="vendor-portal-%2$s-help">%5$s</p>',
			esc_attr( $type ),
			esc_attr( $key ),
			esc_attr( Vendor_Portal_Settings::OPTION ),
			esc_attr( $settings[ $key ] ),
			esc_html( $description )
		);
	}

	/** Portal URL. */
	public static function field_portal_url() {
		self::input( 'portal_url', 'url', __( 'Where the portal runs, e.g. https://portal.example.com. The elements’ code is loaded from there.', 'vendor-portal' ) );
	}

	/** API base. */
	public static function field_api_base() {
		self::input( 'api_base', 'url', __( 'Leave empty to use the portal URL followed by /api/v1.', 'vendor-portal' ) );
	}

	/** Brand colour. */
	public static function field_brand() {
		self::input( 'brand', 'text', __( 'A hex colour such as #2d4ed8 for buttons and links; empty keeps the elements’ own.', 'vendor-portal' ) );
	}

	/** Theme. */
	public static function field_theme() {
		$current = Vendor_Portal_Settings::get()['theme'];
		$labels  = array(
			'light' => __( 'Light', 'vendor-portal' ),
			'dark'  => __( 'Dark', 'vendor-portal' ),
			'auto'  => __( 'Follow the visitor’s system', 'vendor-portal' ),
		);
		printf( '<select id="vendor-portal-theme" name="%s[theme]">', esc_attr( Vendor_Portal_Settings::OPTION ) );
		foreach ( $labels as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $current, $value, false ), esc_html( $label ) );
		}
		echo '</select>';
	}
}
