<?php
/**
 * Updates through WordPress's own update system: the store's newest release goes into the
 * `update_plugins` transient (Dashboard → Updates and the Plugins screen offer it, the upgrader installs
 * its package) and into the "View details" dialog (`plugins_api`). The store is asked at most every
 * six hours, or when an administrator presses "Check again".
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** One plugin's updates. */
class Vendor_Licence_Updater {

	const CACHE_SECONDS   = 6 * HOUR_IN_SECONDS;
	const FAILURE_SECONDS = HOUR_IN_SECONDS;

	/**
	 * The client.
	 *
	 * @var Vendor_Licence_Client
	 */
	private $client;

	/**
	 * Constructor.
	 *
	 * @param Vendor_Licence_Client $client The client.
	 */
	public function __construct( $client ) {
		$this->client = $client;
	}

	/** Hooks into the update transient and the plugin information dialog. */
	public function hook() {
		add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'add_update' ) );
		add_filter( 'plugins_api', array( $this, 'information' ), 10, 3 );
	}

	/** The cache's transient name: one per plugin. */
	private function cache_key() {
		return 'vendor_licence_release_' . md5( $this->client->slug() );
	}

	/** Forgets the cached release (after the licence or the beta opt-in changed). */
	public function forget() {
		delete_site_transient( $this->cache_key() );
	}

	/**
	 * The newest release the store offers this site, cached; null when the store cannot tell.
	 *
	 * @return object|null
	 */
	public function release() {
		$cached = get_site_transient( $this->cache_key() );
		if ( is_array( $cached ) && ! $this->check_forced() ) {
			return $cached['release'];
		}
		$state   = $this->client->state()->get();
		$release = $this->client->api()->latest_version( $state['key'], $state['beta'] );
		$release = is_wp_error( $release ) ? null : $release;
		set_site_transient( $this->cache_key(), array( 'release' => $release ), $release ? self::CACHE_SECONDS : self::FAILURE_SECONDS );
		return $release;
	}

	/** "Check again" on Dashboard → Updates asks the store again, as it does WordPress.org. */
	private function check_forced() {
		global $pagenow;
		return 'update-core.php' === $pagenow && isset( $_GET['force-check'] ) && current_user_can( 'update_plugins' ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- WordPress's own link, read-only.
	}

	/**
	 * Adds the release to the update transient when it is newer than the installed version. Without a
	 * valid licence the store sends no package: WordPress then shows the update but cannot install it.
	 *
	 * @param object $transient The `update_plugins` transient.
	 * @return object
	 */
	public function add_update( $transient ) {
		// Not only when WordPress.org answered: WordPress saves the transient before asking it, and a
		// site that cannot reach it (a firewall, WP_HTTP_BLOCK_EXTERNAL) still gets our updates.
		if ( ! is_object( $transient ) ) {
			$transient = new stdClass();
		}
		$release = $this->release();
		if ( ! $release ) {
			return $transient;
		}
		$basename = $this->client->basename();
		$item     = (object) array(
			'id'           => $basename,
			'slug'         => $this->client->slug(),
			'plugin'       => $basename,
			'new_version'  => sanitize_text_field( $release->new_version ),
			'url'          => isset( $release->homepage ) ? esc_url_raw( $release->homepage ) : '',
			'package'      => isset( $release->package ) ? esc_url_raw( $release->package ) : '',
			'tested'       => isset( $release->tested ) ? sanitize_text_field( $release->tested ) : '',
			'requires'     => isset( $release->requires ) ? sanitize_text_field( $release->requires ) : '',
			'requires_php' => isset( $release->requires_php ) ? sanitize_text_field( $release->requires_php ) : '',
			'icons'        => isset( $release->icons ) ? (array) $release->icons : array(),
			'banners'      => isset( $release->banners ) ? (array) $release->banners : array(),
		);
		$transient->checked[ $basename ] = $this->client->version();
		if ( version_compare( $item->new_version, $this->client->version(), '>' ) ) {
			$transient->response[ $basename ] = $item;
			unset( $transient->no_update[ $basename ] );
		} else {
			$transient->no_update[ $basename ] = $item;
			unset( $transient->response[ $basename ] );
		}
		return $transient;
	}

	/**
	 * The "View details" dialog of this plugin.
	 *
	 * @param false|object|array $result The answer so far.
	 * @param string             $action The plugins_api action.
	 * @param object             $args   Its arguments.
	 * @return false|object|array
	 */
	public function information( $result, $action, $args ) {
		if ( 'plugin_information' !== $action || ! isset( $args->slug ) || $args->slug !== $this->client->slug() ) {
			return $result;
		}
		$release = $this->release();
		if ( ! $release ) {
			return $result;
		}
		$sections = isset( $release->sections ) ? (array) $release->sections : array();
		return (object) array(
			'name'          => $this->client->name(),
			'slug'          => $this->client->slug(),
			'version'       => sanitize_text_field( $release->new_version ),
			'homepage'      => isset( $release->homepage ) ? esc_url_raw( $release->homepage ) : '',
			'download_link' => isset( $release->package ) ? esc_url_raw( $release->package ) : '',
			'last_updated'  => isset( $release->last_updated ) ? sanitize_text_field( $release->last_updated ) : '',
			'requires'      => isset( $release->requires ) ? sanitize_text_field( $release->requires ) : '',
			'tested'        => isset( $release->tested ) ? sanitize_text_field( $release->tested ) : '',
			'requires_php'  => isset( $release->requires_php ) ? sanitize_text_field( $release->requires_php ) : '',
			// WordPress prints these sections through wp_kses with its own allowed tags.
			'sections'      => array_map( 'wp_kses_post', array_map( 'strval', $sections ) ),
			'banners'       => isset( $release->banners ) ? (array) $release->banners : array(),
		);
	}
}
