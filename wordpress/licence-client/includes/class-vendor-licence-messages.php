<?php
/**
 * The words the licence screen uses: one message per outcome of a call (each refusal of the store, a
 * store that cannot be reached, an answer that is not signed), and one label per licence status.
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** Messages and labels. */
class Vendor_Licence_Messages {

	/**
	 * The message of an outcome, or '' for an unknown code.
	 *
	 * @param string $code An error of the store, or one of ours.
	 * @return string
	 */
	public static function notice( $code ) {
		$messages = array(
			'activated'             => __( 'Licence activated. This site now receives updates.', 'vendor-licence-client' ),
			'deactivated'           => __( 'Licence deactivated. The activation is free for another site.', 'vendor-licence-client' ),
			'beta_saved'            => __( 'Update preference saved.', 'vendor-licence-client' ),
			'empty_key'             => __( 'Enter your licence key.', 'vendor-licence-client' ),
			'missing'               => __( 'This licence key is not valid for this plugin. Check the key in your account.', 'vendor-licence-client' ),
			'missing_url'           => __( 'The store could not read this site’s address.', 'vendor-licence-client' ),
			'license_not_activable' => __( 'This licence cannot be activated: a bundle’s key is activated through each of its products, and an unpaid licence not at all.', 'vendor-licence-client' ),
			'disabled'              => __( 'This licence has been disabled (refunded or revoked).', 'vendor-licence-client' ),
			'no_activations_left'   => __( 'This licence has no activations left. Deactivate it on another site, or upgrade it.', 'vendor-licence-client' ),
			'expired'               => __( 'This licence has expired. Renew it to receive updates again.', 'vendor-licence-client' ),
			'invalid_item_id'       => __( 'The store does not know this plugin.', 'vendor-licence-client' ),
			'item_name_mismatch'    => __( 'This licence is for another product.', 'vendor-licence-client' ),
			'key_mismatch'          => __( 'This licence is for another product.', 'vendor-licence-client' ),
			'rate_limited'          => __( 'Too many attempts. Wait a few minutes and try again.', 'vendor-licence-client' ),
			'unreachable'           => __( 'The store could not be reached. Try again later.', 'vendor-licence-client' ),
			'unsigned'              => __( 'The store’s answer could not be verified, so it was ignored.', 'vendor-licence-client' ),
			'failed'                => __( 'The licence could not be deactivated on this site.', 'vendor-licence-client' ),
		);
		return isset( $messages[ $code ] ) ? $messages[ $code ] : '';
	}

	/**
	 * The label of a licence status.
	 *
	 * @param string $status The status the store answered.
	 * @return string
	 */
	public static function status( $status ) {
		$labels = array(
			'valid'         => __( 'Active', 'vendor-licence-client' ),
			'expired'       => __( 'Expired', 'vendor-licence-client' ),
			'disabled'      => __( 'Disabled', 'vendor-licence-client' ),
			'site_inactive' => __( 'Not active on this site', 'vendor-licence-client' ),
			'inactive'      => __( 'Not activated', 'vendor-licence-client' ),
			'deactivated'   => __( 'Not activated', 'vendor-licence-client' ),
		);
		return isset( $labels[ $status ] ) ? $labels[ $status ] : __( 'Invalid', 'vendor-licence-client' );
	}
}
