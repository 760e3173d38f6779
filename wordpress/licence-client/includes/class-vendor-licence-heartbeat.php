<?php
/**
 * The daily heartbeat (WP-Cron): validates the licence, which reports the plugin, WordPress and PHP
 * versions and the locale to the store, and renews the licence file. When the store cannot be reached,
 * the signed licence file decides, offline, whether the licence still holds.
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** One plugin's heartbeat. */
class Vendor_Licence_Heartbeat {

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

	/** The cron hook's name. */
	public function hook_name() {
		return 'vendor_licence_heartbeat_' . $this->client->slug();
	}

	/** Hooks the cron event; the plugin's deactivation unschedules it. */
	public function hook() {
		add_action( $this->hook_name(), array( $this, 'beat' ) );
		register_deactivation_hook( $this->client->file(), array( $this, 'stop' ) );
	}

	/** Schedules the daily beat (once). */
	public function start() {
		if ( ! wp_next_scheduled( $this->hook_name() ) ) {
			wp_schedule_event( time() + DAY_IN_SECONDS, 'daily', $this->hook_name() );
		}
	}

	/** Unschedules it. */
	public function stop() {
		wp_clear_scheduled_hook( $this->hook_name() );
	}

	/** One beat: ask the store, or fall back on the licence file. */
	public function beat() {
		$state = $this->client->state()->get();
		if ( '' === $state['key'] ) {
			return;
		}
		$answer = $this->client->api()->licence_call( 'validate', $state['key'] );
		if ( ! is_wp_error( $answer ) ) {
			$this->client->state()->record_answer( $answer );
			if ( 'valid' === $answer['status'] ) {
				$this->client->refresh_licence_file();
			}
			return;
		}
		$this->client->state()->update(
			array(
				'status'  => $this->client->offline_status(),
				'offline' => true,
			)
		);
	}
}
