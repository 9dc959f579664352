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
});
