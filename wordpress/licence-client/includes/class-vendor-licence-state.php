<?php
/**
 * What the site knows of its licence, kept in one option per plugin (`vendor_licence_<slug>`, not
 * autoloaded): the key, the store's last answer, the licence file, and the beta opt-in.
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** One plugin's licence state. */
class Vendor_Licence_State {

	/**
	 * The option's name.
	 *
	 * @var string
	 */
	private $option;

	/**
	 * Constructor.
	 *
	 * @param string $slug The plugin's folder name.
	 */
	public function __construct( $slug ) {
		$this->option = 'vendor_licence_' . $slug;
	}

	/**
	 * The state, with defaults.
	 *
	 * @return array{key: string, status: string, expires_at: ?string, activation_limit: ?int, activations_left: ?int, site_count: int, checked_at: int, offline: bool, file: string, beta: bool}
	 */
	public function get() {
		$saved = get_option( $this->option, array() );
		return array_merge(
			array(
				'key'              => '',
				'status'           => 'inactive',
				'expires_at'       => null,
				'activation_limit' => null,
				'activations_left' => null,
				'site_count'       => 0,
				'checked_at'       => 0,
				'offline'          => false,
				'file'             => '',
				'beta'             => false,
			),
			is_array( $saved ) ? $saved : array()
		);
	}

	/**
	 * Merges changes into the state.
	 *
	 * @param array $changes The fields to change.
	 */
	public function update( $changes ) {
		update_option( $this->option, array_merge( $this->get(), $changes ), false );
	}

	/**
	 * Records a signed answer of the store.
	 *
	 * @param array $answer The answer of activate or validate.
	 */
	public function record_answer( $answer ) {
		$status = isset( $answer['status'] ) ? sanitize_key( $answer['status'] ) : 'invalid';
		// A refused activation says `invalid`; its error tells an expired or disabled licence apart.
		if ( 'invalid' === $status && isset( $answer['error'] ) && in_array( $answer['error'], array( 'expired', 'disabled' ), true ) ) {
			$status = $answer['error'];
		}
		$this->update(
			array(
				'status'           => $status,
				'expires_at'       => isset( $answer['expires_at'] ) ? sanitize_text_field( $answer['expires_at'] ) : null,
				'activation_limit' => isset( $answer['activation_limit'] ) ? (int) $answer['activation_limit'] : null,
				'activations_left' => isset( $answer['activations_left'] ) ? (int) $answer['activations_left'] : null,
				'site_count'       => isset( $answer['site_count'] ) ? (int) $answer['site_count'] : 0,
				'checked_at'       => time(),
				'offline'          => false,
			)
		);
	}

	/** Forgets the option (the plugin's uninstall calls it). */
	public function delete() {
		delete_option( $this->option );
	}
}
