import type { AppContext } from '../../../runtime/types.js';
import type { Credentials } from '../credentials.js';
import { clientOf, getJson, postForm, postFormStatus, ProviderCallFailed, refreshGrant, str, tokensFrom } from './http.js';
import type { ProviderTarget, SignInProvider } from './types.js';

// networkC: a LinkedIn-style OAuth 2.0 (authorization code, confidential client; no PKCE in its
// web flow) with OpenID Connect's userinfo for the account. The organization flow asks for the
// organization scopes as well and reads the pages the member administers (organizationAcls, then
// each organization's name) through the versioned REST API (LinkedIn-Version header).

const MEMBER_SCOPES = 'openid profile email w_member_social';
const ORG_SCOPES = `${MEMBER_SCOPES} r_organization_admin w_organization_social`;

const client = (ctx: AppContext) => clientOf(ctx.config.oauth.networkC, 'networkC');
const auth = (ctx: AppContext, path: string) => `${ctx.config.networks.networkCAuthUrl}${path}`;
const api = (ctx: AppContext, path: string) => `${ctx.config.networks.networkCApiUrl}${path}`;
const restHeaders = (ctx: AppContext) => ({ 'linkedin-version': ctx.config.networks.networkCApiVersion, 'x-restli-protocol-version': '2.0.0' });

/** The organization pages the member administers, as posting targets. */
async function administeredOrganizations(ctx: AppContext, accessToken: string): Promise<ProviderTarget[]> {
  const acls = await getJson(ctx, 'networkC organizations', api(ctx, '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED'), accessToken, restHeaders(ctx));
  const elements = Array.isArray(acls.elements) ? (acls.elements as Record<string, unknown>[]) : [];
  const urns = [...new Set(elements.map((e) => str(e.organization)).filter((u): u is string => !!u && /^urn:li:organization:\d+$/.test(u)))];
  const targets: ProviderTarget[] = [];
  for (const urn of urns.slice(0, 100)) {
    const org = await getJson(ctx, 'networkC organization', api(ctx, `/rest/organizations/${urn.split(':').pop()}`), accessToken, restHeaders(ctx));
    targets.push({ kind: 'organization', externalId: urn, name: str(org.localizedName) ?? urn });
  }
  return targets;
}

export const networkC: SignInProvider = {
  provider: 'networkC',
  pkce: false,
  configured: (ctx) => ctx.config.oauth.networkC !== null,

  async authorizationUrl(ctx, { state, redirectUri, flow }) {
    const url = new URL(auth(ctx, '/oauth/v2/authorization'));
    url.search = new URLSearchParams({ response_type: 'code', client_id: client(ctx).clientId, redirect_uri: redirectUri, state, scope: flow === 'org' ? ORG_SCOPES : MEMBER_SCOPES }).toString();
    return { url: url.toString(), data: { flow } };
  },

  async complete(ctx, { code, redirectUri, data }) {
    const { clientId, clientSecret } = client(ctx);
    const answer = await postForm(ctx, 'networkC token', auth(ctx, '/oauth/v2/accessToken'), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
    });
    const tokens = tokensFrom(ctx, answer);
    const me = await getJson(ctx, 'networkC userinfo', api(ctx, '/v2/userinfo'), tokens.accessToken);
    const sub = str(me.sub);
    if (!sub) throw new ProviderCallFailed('networkC: userinfo has no subject');
    const name = str(me.name) ?? [str(me.given_name), str(me.family_name)].filter(Boolean).join(' ') ?? sub;
    const targets: ProviderTarget[] = [{ kind: 'person', externalId: `urn:li:person:${sub}`, name: name || sub }];
    if ((data as { flow?: string } | null)?.flow === 'org') targets.push(...(await administeredOrganizations(ctx, tokens.accessToken)));
    return {
      providerUserId: sub,
      handle: name || sub,
      email: str(me.email),
      emailVerified: me.email_verified === true || me.email_verified === 'true',
      tokens,
      targets,
    };
  },

  async revoke(ctx, creds: Credentials) {
    if (!creds.tokens) return;
    const { clientId, clientSecret } = client(ctx);
    await postFormStatus(ctx, 'networkC revocation', auth(ctx, '/oauth/v2/revoke'), { client_id: clientId, client_secret: clientSecret, token: creds.tokens.accessToken });
  },

  refresher: (ctx) => async (creds) => {
    const { clientId, clientSecret } = client(ctx);
    return refreshGrant(ctx, 'networkC refresh', auth(ctx, '/oauth/v2/accessToken'), { refresh_token: creds.tokens?.refreshToken ?? '', client_id: clientId, client_secret: clientSecret }, {}, creds.tokens);
  },
};
