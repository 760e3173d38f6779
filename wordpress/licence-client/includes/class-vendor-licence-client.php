<?php
/**
 * One plugin's licence client: its configuration, and the two actions an administrator takes
 * (activate, deactivate). The screen, the updater and the heartbeat hang off it.
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** The client of one plugin. */
class Vendor_Licence_Client {

	/**
	 * The configuration: file, name, item_id, store, public_key, version.
	 *
	 * @var array
	 */
	private $config;

	/**
	 * The licence state.
	 *
	 * @var Vendor_Licence_State
	 */
	private $state;

	/**
	 * The store's calls.
	 *
	 * @var Vendor_Licence_Api
	 */
	private $api;

	/**
	 * Updates.
	 *
	 * @var Vendor_Licence_Updater
	 */
	private $updater;

	/**
	 * The heartbeat.
	 *
	 * @var Vendor_Licence_Heartbeat
	 */
	private $heartbeat;

	/**
	 * Sets up the client of a plugin (call it from the plugin's main file).
	 *
	 * @param array $config file, name, item_id, store, public_key.
	 * @return Vendor_Licence_Client
	 */
	public static function register( $config ) {
		$client = new self( $config );
		$client->updater->hook();
		$client->heartbeat->hook();
		if ( is_admin() ) {
			( new Vendor_Licence_Screen( $client ) )->hook();
		}
		return $client;
	}

	/**
	 * Constructor.
	 *
	 * @param array $config See register().
	 */
	private function __construct( $config ) {
		$headers           = get_file_data( $config['file'], array( 'Version' => 'Version' ) );
		$config['version'] = $headers['Version'];
		$config['store']   = untrailingslashit( $config['store'] );
		$this->config      = $config;
		$this->state       = new Vendor_Licence_State( $this->slug() );
		$this->api         = new Vendor_Licence_Api( $config );
		$this->updater     = new Vendor_Licence_Updater( $this );
		$this->heartbeat   = new Vendor_Licence_Heartbeat( $this );
	}

	/** The plugin's main file. */
	public function file() {
		return $this->config['file'];
	}

	/** `example-plugin/example-plugin.php`. */
	public function basename() {
		return plugin_basename( $this->config['file'] );
	}

	/** The plugin's folder name. */
	public function slug() {
		return dirname( $this->basename() );
	}

	/** The plugin's name. */
	public function name() {
		return $this->config['name'];
	}

	/** The installed version (the main file's Version header). */
	public function version() {
		return $this->config['version'];
	}

	/** The licence state. */
	public function state() {
		return $this->state;
	}

	/** The store's calls. */
	public function api() {
		return $this->api;
	}

	/** Updates. */
	public function updater() {
		return $this->updater;
	}

	/**
	 * Activates a key on this site.
	 *
	 * @param string $key The licence key.
	 * @return string The outcome's message code (`activated`, or the refusal).
	 */
	public function activate( $key ) {
		$this->state->update( array( 'key' => $key ) );
		$answer = $this->api->licence_call( 'activate', $key );
		if ( is_wp_error( $answer ) ) {
			return $answer->get_error_code();
		}
		$this->state->record_answer( $answer );
		$this->updater->forget();
		if ( empty( $answer['success'] ) ) {
			return isset( $answer['error'] ) ? sanitize_key( $answer['error'] ) : 'missing';
		}
		$this->refresh_licence_file();
		$this->heartbeat->start();
		return 'activated';
	}

	/**
	 * Deactivates the key on this site, telling the store why.
	 *
	 * @param string $reason One of the screen's reasons, or ''.
	 * @return string `deactivated`, or why not.
	 */
	public function deactivate( $reason ) {
		$state  = $this->state->get();
		$answer = $this->api->licence_call( 'deactivate', $state['key'], '' === $reason ? array() : array( 'reason' => $reason ) );
		if ( is_wp_error( $answer ) ) {
			return $answer->get_error_code();
		}
		if ( empty( $answer['success'] ) ) {
			return 'failed';
		}
		$this->state->update(
			array(
				'status'  => 'inactive',
				'file'    => '',
				'offline' => false,
			)
		);
		$this->updater->forget();
		$this->heartbeat->stop();
		return 'deactivated';
	}

	/** Fetches and keeps a fresh licence file (kept as received: its signature covers those bytes). */
	public function refresh_licence_file() {
		$file = $this->api->licence_file( $this->state->get()['key'] );
		if ( ! is_wp_error( $file ) ) {
			$this->state->update( array( 'file' => $file ) );
		}
	}

	/**
	 * The status the kept licence file proves, offline: `valid` while the file holds, else `expired`
	 * past the licence's date, else `inactive`.
	 *
	 * @return string
	 */
	public function offline_status() {
		$state = $this->state->get();
		$check = Vendor_Licence_File::check( $state['file'], $this->config['public_key'], $state['key'], Vendor_Licence_File::site_of( home_url() ), time() );
		if ( $check['valid'] ) {
			return 'valid';
		}
		return 'expired' === $check['reason'] ? 'expired' : 'inactive';
	}
}
