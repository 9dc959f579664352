import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from './push-endpoint';
import { publicOnlyLookup } from './push-sender';

describe('where the server may send pushes', () => {
  it('takes the push services’ https addresses', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQ',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeUndefined();
  });

  it('refuses in production what reaches inside: http, IP addresses, internal names, other ports, credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:9000/push',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://localhost/push',
      'https://redis/push',
      'https://db.internal/push',
      'https://printer.local/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'not a url',
    ])
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeDefined();
  });

  it('takes plain http to this machine outside production only (a local push service in tests)', () => {
    for (const endpoint of [
      'http://127.0.0.1:9000/push',
      'http://localhost:9000/push',
      'http://[::1]:9000/push',
    ]) {
      expect(pushEndpointProblem(endpoint, false), endpoint).toBeUndefined();
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeDefined();
    }
    expect(pushEndpointProblem('http://192.168.1.5:9000/push', false)).toBeDefined();
  });

  it('refuses a host name written another way (trailing dots, capitals) as it refuses its plain form', () => {
    for (const endpoint of [
      'https://localhost./x',
      'https://localhost../x',
      'https://LOCALHOST/x',
      'https://LocalHost./x',
      'https://push.localhost./x',
      'https://redis./x',
      'https://db.internal./x',
      'https://printer.LOCAL./x',
      'https://router.home.arpa./x',
      'https://.../x',
      'https://127.0.0.1../x',
      'https://[::1]./x',
    ]) {
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeDefined();
      expect(pushEndpointProblem(endpoint, false), endpoint).toBeDefined();
    }
  });
});

describe('the address lookup of production pushes', () => {
  const lookup = (hostname: string) =>
    new Promise<string>((resolve, reject) =>
      publicOnlyLookup(hostname, { all: false }, (error, address) =>
        error ? reject(error) : resolve(String(address)),
      ),
    );

  it('refuses a name that resolves inside, so DNS cannot lead a push to an internal host', async () => {
    await expect(lookup('localhost')).rejects.toThrow(/internal address/);
  });

  it('refuses every special-purpose range of IANA’s registries, IPv4-mapped IPv6 too', async () => {
    for (const address of [
      '198.18.0.1', // benchmarking
      '224.0.0.1', // multicast
      '240.0.0.1', // reserved
      '255.255.255.255', // limited broadcast
      '192.0.0.1', // IETF protocol assignments
      '192.0.2.1', // documentation
      '192.88.99.1', // 6to4 relay anycast
      '64:ff9b::1', // IPv4/IPv6 translation
      '64:ff9b:1::1', // local-use translation
      '2002::1', // 6to4
      '2001::1', // Teredo
      '2001:db8::1', // documentation
      '100::1', // discard-only
      'ff02::1', // multicast
      '::ffff:198.18.0.1', // IPv4-mapped
      '::ffff:10.0.0.1',
    ])
      await expect(lookup(address), address).rejects.toThrow(/internal address/);
  });

  it('takes public addresses', async () => {
    for (const address of ['8.8.8.8', '142.250.74.10', '2a00:1450:4001:82a::200a', '::ffff:8.8.8.8'])
      expect(await lookup(address), address).toBe(address);
  });
});
