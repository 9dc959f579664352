import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID Connect provider for the social-login journey (the server's GOOGLE_ISSUER points
 * here): it signs every user in at once as a new person with a verified e-mail.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_OAUTH_PORT);
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  let people = 0;
  provider.service.on('beforeTokenSigning', (token) => {
    people += 1;
    const id = `${Date.now()}-${people}`;
    token.payload.sub = `e2e-social-${id}`;
    token.payload.email = `e2e-social-${id}@example.com`;
    token.payload.email_verified = true;
    token.payload.name = 'Sam Social';
    token.payload.given_name = 'Sam';
    token.payload.family_name = 'Social';
  });
  await provider.start(port, '127.0.0.1');
  // The issuer must be the address the server was given (GOOGLE_ISSUER): discovery checks it.
  provider.issuer.url = `http://127.0.0.1:${port}`;
  return () => provider.stop();
}
