import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package), standing in for a
 * school's identity provider. Its login page asks only for the account (no password): the test
 * plays the school's user. Consent is granted with the login.
 */
export interface FakeIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

export async function startFakeIdp(redirectUris: string[], port = 0): Promise<FakeIdp> {
  const clientId = 'xueban';
  const clientSecret = 'school-idp-secret-123';
  let provider: Provider | null = null;
  const server: Server = createServer(async (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match || !provider) return provider?.callback()(req, res);
    try {
      if (req.method === 'GET') {
        await provider.interactionDetails(req, res);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><title>学校统一身份认证</title><h1>学校统一身份认证</h1>
<form method="post"><label>学校账号 <input name="login" autofocus></label> <button type="submit">登录</button></form>`);
        return;
      }
      const details = await provider.interactionDetails(req, res);
      const accountId = ((await readForm(req)).get('login') ?? '').trim();
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (err) {
      res.statusCode = 400;
      res.end(String((err as Error).message));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    // The account is what the user typed: an email or a mobile; the name is made from it.
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id, name: `统一认证${id.slice(0, 3)}`,
        ...(id.includes('@') ? { email: id, email_verified: true } : { phone_number: id, phone_number_verified: true }),
      }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], phone: ['phone_number', 'phone_number_verified'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['fake-idp-cookie-key'] },
    ttl: { AccessToken: 600, IdToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  return {
    issuer, clientId, clientSecret,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
