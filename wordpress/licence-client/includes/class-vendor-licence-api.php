<?php
/**
 * The store's licence calls, through WordPress's HTTP API (`wp_safe_remote_*`: public hosts only):
 * the signed JSON API for activate, deactivate, validate and the licence file, and EDD's `get_version`
 * for updates (the one update call the store has; third-party EDD clients use it too).
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** One plugin's calls to the store. */
class Vendor_Licence_Api {

	/** Answers older or newer than this (seconds) are refused: a replayed answer cannot last. */
	const MAX_CLOCK_SKEW = 3600;

	/**
	 * The plugin's client configuration.
	 *
	 * @var array
	 */
	private $config;

	/**
	 * Constructor.
	 *
	 * @param array $config store, item_id, public_key, version.
	 */
	public function __construct( $config ) {
		$this->config = $config;
	}

	/**
	 * Activate, deactivate or validate: the store's signed answer, decoded after its signature checked.
	 *
	 * @param string $call    activate, deactivate or validate.
	 * @param string $key     The licence key.
	 * @param array  $extra   More fields (reason).
	 * @return array|WP_Error The answer, or `unreachable` (no answer, or a server error), `unsigned`
	 *                        (a signature that does not verify, or an answer too old) or `rate_limited`.
	 */
	public function licence_call( $call, $key, $extra = array() ) {
		global $wp_version;
		$body     = array_merge(
			array(
				'license'     => $key,
				'url'         => home_url(),
				'item_id'     => (int) $this->config['item_id'],
				'version'     => $this->config['version'],
				'wp_version'  => $wp_version,
				'php_version' => PHP_VERSION,
				'locale'      => get_locale(),
			),
			$extra
		);
		$response = wp_safe_remote_post(
			$this->config['store'] . '/api/v1/licenses/' . $call,
			array(
				'timeout' => 15,
				'headers' => array( 'Content-Type' => 'application/json' ),
				'body'    => wp_json_encode( $body ),
			)
		);
		$status = wp_remote_retrieve_response_code( $response );
		if ( 429 === $status ) {
			return new WP_Error( 'rate_limited' );
		}
		if ( is_wp_error( $response ) || 200 !== $status ) {
			return new WP_Error( 'unreachable' );
		}
		return $this->signed_json( $response );
	}

	/**
	 * The licence file of a key active on this site, as received (JSON text), or a WP_Error.
	 *
	 * @param string $key The licence key.
	 * @return string|WP_Error
	 */
	public function licence_file( $key ) {
		$url      = add_query_arg(
			array(
				'license' => rawurlencode( $key ),
				'url'     => rawurlencode( home_url() ),
				'item_id' => (int) $this->config['item_id'],
			),
			$this->config['store'] . '/api/v1/licenses/file'
		);
		$response = wp_safe_remote_get( $url, array( 'timeout' => 15 ) );
		if ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
			return new WP_Error( 'unreachable' );
		}
		$body = wp_remote_retrieve_body( $response );
		if ( is_wp_error( $this->signed_json( $response ) ) ) {
			return new WP_Error( 'unsigned' );
		}
		return $body;
	}

	/**
	 * EDD's `get_version`: the newest release this site may have, with a package link only while the
	 * licence is valid and active here.
	 *
	 * @param string $key  The licence key ('' without one: the version is still told).
	 * @param bool   $beta Whether the site takes beta releases.
	 * @return object|WP_Error
	 */
	public function latest_version( $key, $beta ) {
		$response = wp_safe_remote_post(
			$this->config['store'] . '/edd-sl-api',
			array(
				'timeout' => 15,
				'body'    => array(
					'edd_action' => 'get_version',
					'license'    => $key,
					'item_id'    => (int) $this->config['item_id'],
					'url'        => home_url(),
					'version'    => $this->config['version'],
					'beta'       => $beta ? '1' : '',
				),
			)
		);
		if ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
			return new WP_Error( 'unreachable' );
		}
		$answer = json_decode( wp_remote_retrieve_body( $response ) );
		if ( ! is_object( $answer ) || empty( $answer->new_version ) ) {
			return new WP_Error( 'unreachable' );
		}
		return $answer;
	}

	/**
	 * The JSON of a signed answer, once its signature and its age are checked.
	 *
	 * @param array $response A wp_remote_* response.
	 * @return array|WP_Error
	 */
	private function signed_json( $response ) {
		$body      = wp_remote_retrieve_body( $response );
		$signature = wp_remote_retrieve_header( $response, 'x-signature' );
		if ( ! Vendor_Licence_File::is_signed( $body, is_string( $signature ) ? $signature : '', $this->config['public_key'] ) ) {
			return new WP_Error( 'unsigned' );
		}
		$answer = json_decode( $body, true );
		if ( ! is_array( $answer ) ) {
			return new WP_Error( 'unsigned' );
		}
		if ( isset( $answer['issued_at'] ) && abs( time() - strtotime( $answer['issued_at'] ) ) > self::MAX_CLOCK_SKEW ) {
			return new WP_Error( 'unsigned' );
		}
		return $answer;
	}
}
