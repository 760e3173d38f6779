<?php
/**
 * The licence screen (Settings → "<plugin> licence"): the key, Activate, Deactivate with an optional
 * reason, the status with its expiry and activations left, the beta opt-in, and a message for each
 * outcome. Forms post to admin-post.php with a nonce; only administrators (manage_options) may act.
 *
 * @package VendorLicenceClient
 */

defined( 'ABSPATH' ) || exit;

/** One plugin's licence screen. */
class Vendor_Licence_Screen {

	/**
	 * The client this screen drives.
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

	/** Hooks the page, its form handler and the plugin list's link. */
	public function hook() {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_post_' . $this->action(), array( $this, 'handle' ) );
		add_filter( 'plugin_action_links_' . $this->client->basename(), array( $this, 'action_link' ) );
	}

	/** The page's slug and the form's action. */
	private function action() {
		return 'vendor_licence_' . $this->client->slug();
	}

	/** The page's URL. */
	private function url() {
		return admin_url( 'options-general.php?page=' . $this->client->slug() . '-licence' );
	}

	/** Adds the page under Settings. */
	public function add_page() {
		/* translators: %s: the plugin's name. */
		$title = sprintf( __( '%s licence', 'vendor-licence-client' ), $this->client->name() );
		add_options_page( $title, $title, 'manage_options', $this->client->slug() . '-licence', array( $this, 'render' ) );
	}

	/**
	 * A "Licence" link on the plugin's row of the Plugins screen.
	 *
	 * @param array $links The row's links.
	 * @return array
	 */
	public function action_link( $links ) {
		array_unshift( $links, '<a href="' . esc_url( $this->url() ) . '">' . esc_html__( 'Licence', 'vendor-licence-client' ) . '</a>' );
		return $links;
	}

	/** Handles Activate, Deactivate and the beta opt-in, then goes back to the page with a message. */
	public function handle() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage this licence.', 'vendor-licence-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( $this->action() );
		$do = isset( $_POST['licence_action'] ) ? sanitize_key( wp_unslash( $_POST['licence_action'] ) ) : '';
		if ( 'activate' === $do ) {
			$key    = isset( $_POST['licence_key'] ) ? sanitize_text_field( wp_unslash( $_POST['licence_key'] ) ) : '';
			$notice = '' === $key ? 'empty_key' : $this->client->activate( $key );
		} elseif ( 'deactivate' === $do ) {
			$reason = isset( $_POST['licence_reason'] ) ? sanitize_key( wp_unslash( $_POST['licence_reason'] ) ) : '';
			$notice = $this->client->deactivate( array_key_exists( $reason, self::reasons() ) ? $reason : '' );
		} else {
			$this->client->state()->update( array( 'beta' => ! empty( $_POST['licence_beta'] ) ) );
			$this->client->updater()->forget();
			$notice = 'beta_saved';
		}
		wp_safe_redirect( add_query_arg( 'licence_notice', $notice, $this->url() ) );
		exit;
	}

	/** Why a site deactivates, as the store's reports count it. */
	private static function reasons() {
		return array(
			''            => __( 'Choose a reason (optional)', 'vendor-licence-client' ),
			'moving_site' => __( 'Moving to another site', 'vendor-licence-client' ),
			'not_needed'  => __( 'I no longer need the plugin', 'vendor-licence-client' ),
			'not_working' => __( 'The plugin did not work for me', 'vendor-licence-client' ),
			'found_other' => __( 'I found a better plugin', 'vendor-licence-client' ),
			'temporary'   => __( 'Only for a while', 'vendor-licence-client' ),
		);
	}

	/** The page. */
	public function render() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$state  = $this->client->state()->get();
		$active = 'valid' === $state['status'];
		$id     = $this->client->slug() . '-licence';
		// Only a code of ours is shown, through the table of messages: nothing of the URL is printed.
		$code   = isset( $_GET['licence_notice'] ) ? sanitize_key( wp_unslash( $_GET['licence_notice'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only display.
		$notice = Vendor_Licence_Messages::notice( $code );
		$good   = in_array( $code, array( 'activated', 'deactivated', 'beta_saved' ), true );
		?>
		<div class="wrap">
			<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
			<?php if ( '' !== $notice ) : ?>
				<div class="notice <?php echo $good ? 'notice-success' : 'notice-error'; ?>" role="<?php echo $good ? 'status' : 'alert'; ?>">
					<p><?php echo esc_html( $notice ); ?></p>
				</div>
			<?php endif; ?>

			<h2><?php esc_html_e( 'Status', 'vendor-licence-client' ); ?></h2>
			<table class="form-table" role="presentation" id="<?php echo esc_attr( $id ); ?>-status">
				<tr>
					<th scope="row"><?php esc_html_e( 'Licence', 'vendor-licence-client' ); ?></th>
					<td><?php echo esc_html( Vendor_Licence_Messages::status( $state['status'] ) ); ?></td>
				</tr>
				<?php if ( $active || 'expired' === $state['status'] ) : ?>
					<tr>
						<th scope="row"><?php esc_html_e( 'Expires', 'vendor-licence-client' ); ?></th>
						<td><?php echo esc_html( $state['expires_at'] ? date_i18n( get_option( 'date_format' ), strtotime( $state['expires_at'] ) ) : __( 'Never (lifetime licence)', 'vendor-licence-client' ) ); ?></td>
					</tr>
				<?php endif; ?>
				<?php if ( $active ) : ?>
					<tr>
						<th scope="row"><?php esc_html_e( 'Activations left', 'vendor-licence-client' ); ?></th>
						<td>
							<?php
							echo esc_html(
								null === $state['activations_left']
									? __( 'Unlimited', 'vendor-licence-client' )
									/* translators: 1: activations left, 2: the licence's limit. */
									: sprintf( __( '%1$d of %2$d', 'vendor-licence-client' ), $state['activations_left'], $state['activation_limit'] )
							);
							?>
						</td>
					</tr>
				<?php endif; ?>
				<?php if ( $state['offline'] ) : ?>
					<tr>
						<th scope="row"><?php esc_html_e( 'Checked', 'vendor-licence-client' ); ?></th>
						<td><?php esc_html_e( 'Offline, from the signed licence file: the store could not be reached.', 'vendor-licence-client' ); ?></td>
					</tr>
				<?php endif; ?>
			</table>

			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="<?php echo esc_attr( $this->action() ); ?>">
				<?php wp_nonce_field( $this->action() ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="<?php echo esc_attr( $id ); ?>-key"><?php esc_html_e( 'Licence key', 'vendor-licence-client' ); ?></label></th>
						<td>
							<input type="text" class="regular-text code" id="<?php echo esc_attr( $id ); ?>-key" name="licence_key" value="<?php echo esc_attr( $state['key'] ); ?>" autocomplete="off" spellcheck="false"<?php echo $active ? ' readonly' : ''; ?>>
							<p class="description"><?php esc_html_e( 'The key from your purchase receipt or your account’s licences.', 'vendor-licence-client' ); ?></p>
						</td>
					</tr>
					<?php if ( $active ) : ?>
						<tr>
							<th scope="row"><label for="<?php echo esc_attr( $id ); ?>-reason"><?php esc_html_e( 'Reason for deactivating', 'vendor-licence-client' ); ?></label></th>
							<td>
								<select id="<?php echo esc_attr( $id ); ?>-reason" name="licence_reason">
									<?php foreach ( self::reasons() as $value => $label ) : ?>
										<option value="<?php echo esc_attr( $value ); ?>"><?php echo esc_html( $label ); ?></option>
									<?php endforeach; ?>
								</select>
							</td>
						</tr>
					<?php endif; ?>
				</table>
				<p class="submit">
					<?php if ( $active ) : ?>
						<button type="submit" class="button" name="licence_action" value="deactivate"><?php esc_html_e( 'Deactivate', 'vendor-licence-client' ); ?></button>
					<?php else : ?>
						<button type="submit" class="button button-primary" name="licence_action" value="activate"><?php esc_html_e( 'Activate', 'vendor-licence-client' ); ?></button>
					<?php endif; ?>
				</p>
			</form>

			<h2><?php esc_html_e( 'Updates', 'vendor-licence-client' ); ?></h2>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="<?php echo esc_attr( $this->action() ); ?>">
				<input type="hidden" name="licence_action" value="beta">
				<?php wp_nonce_field( $this->action() ); ?>
				<p>
					<input type="checkbox" id="<?php echo esc_attr( $id ); ?>-beta" name="licence_beta" value="1"<?php checked( $state['beta'] ); ?>>
					<label for="<?php echo esc_attr( $id ); ?>-beta"><?php esc_html_e( 'Receive beta releases on this site', 'vendor-licence-client' ); ?></label>
				</p>
				<?php submit_button( __( 'Save update preference', 'vendor-licence-client' ), 'secondary' ); ?>
			</form>
		</div>
		<?php
	}
}
