<?php
/**
 * A plugin's side of the licensing protocol, written the way EDD's sample code and EDD_SL_Plugin_Updater
 * talk to a store: an http_build_query() body posted as a form, json_decode() of the answer. Run by
 * server/edd-php.test.ts against a real server:
 *
 *   php edd-client.php <store url> <licence key> <item id> <site url> <base64 public key>
 *
 * Prints one JSON object: what each step answered, for the test to check.
 */

[$script, $store, $license, $itemId, $site, $publicKey] = $argv;

/** POST a form as wp_remote_post() does; answers [status, body]. */
function post_form(string $url, array $fields): array {
    $context = stream_context_create(['http' => [
        'method' => 'POST',
        'header' => "Content-Type: application/x-www-form-urlencoded\r\nUser-Agent: WordPress/6.8.1; $GLOBALS[site]\r\n",
        'content' => http_build_query($fields),
        'ignore_errors' => true,
        'timeout' => 15,
    ]]);
    $body = file_get_contents($url, false, $context);
    return [(int) explode(' ', $http_response_header[0])[1], $body];
}

function get_url(string $url): array {
    $body = file_get_contents($url, false, stream_context_create(['http' => ['ignore_errors' => true, 'timeout' => 15]]));
    return [(int) explode(' ', $http_response_header[0])[1], $body];
}

function edd(string $action, array $extra = []): object {
    global $store, $license, $itemId, $site;
    [$status, $body] = post_form("$store/", array_merge([
        'edd_action' => $action,
        'license' => $license,
        'item_id' => $itemId,
        'url' => $site,
    ], $extra));
    if ($status !== 200) {
        fwrite(STDERR, "$action answered $status: $body\n");
        exit(1);
    }
    return json_decode($body);
}

/** The files of a zip (local headers, deflate or stored), read without the zip extension. */
function zip_files(string $zip): array {
    $files = [];
    $offset = 0;
    while (substr($zip, $offset, 4) === "PK\x03\x04") {
        $header = unpack('vversion/vflags/vmethod/vtime/vdate/Vcrc/Vpacked/Vsize/vname/vextra', substr($zip, $offset + 4, 26));
        $name = substr($zip, $offset + 30, $header['name']);
        $start = $offset + 30 + $header['name'] + $header['extra'];
        $data = substr($zip, $start, $header['packed']);
        $files[$name] = $header['method'] === 8 ? gzinflate($data) : $data;
        $offset = $start + $header['packed'];
    }
    return $files;
}

$result = [];

$activated = edd('activate_license', ['version' => '1.0.0', 'wp_version' => '6.8.1', 'php_version' => PHP_VERSION]);
$result['activate'] = ['success' => $activated->success, 'license' => $activated->license, 'site_count' => $activated->site_count];

$checked = edd('check_license');
$result['check'] = ['license' => $checked->license];

$version = edd('get_version', ['version' => '1.0.0', 'slug' => 'notification-plugin', 'beta' => false]);
$result['get_version'] = [
    'new_version' => $version->new_version,
    'has_package' => $version->package !== '',
    'changelog' => $version->sections->changelog,
];
if ($version->package !== '') {
    [$status, $zip] = get_url($version->package);
    $files = $status === 200 ? zip_files($zip) : [];
    $main = $files['notification-plugin/notification-plugin.php'] ?? '';
    preg_match('/Version:\s*(\S+)/', $main, $match);
    $result['package'] = ['status' => $status, 'main_file_version' => $match[1] ?? null];
}

// The licence file, checked offline with sodium as docs/licensing.md shows.
[$status, $json] = get_url("$store/api/v1/licenses/file?" . http_build_query(['license' => $license, 'url' => $site]));
$file = json_decode($json);
$payload = json_decode($file->payload ?? 'null');
$verified = $status === 200
    && sodium_crypto_sign_verify_detached(base64_decode($file->signature), $file->payload, base64_decode($publicKey));
$tampered = $status === 200
    && sodium_crypto_sign_verify_detached(base64_decode($file->signature), $file->payload . ' ', base64_decode($publicKey));
$result['licence_file'] = [
    'status' => $status,
    'verified' => $verified,
    'tampered_verified' => $tampered,
    'key_matches' => $payload !== null && hash_equals($payload->license_sha256, hash('sha256', $license)),
    'still_valid' => $payload !== null && strtotime($payload->valid_until) > time(),
];

$deactivated = edd('deactivate_license');
$result['deactivate'] = ['success' => $deactivated->success, 'license' => $deactivated->license];
$result['check_after'] = ['license' => edd('check_license')->license];

echo json_encode($result), "\n";
