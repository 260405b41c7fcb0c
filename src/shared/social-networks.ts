// Social links of a landlord (/social-network). Shared by the SPA's form and the server,
// which repeats every rule.

export const socialNetworks = ['instagram', 'facebook', 'telegram', 'whatsapp', 'youtube', 'tiktok', 'vk', 'website'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** Hosts a link of each network may point to; a subdomain (www., m.) of one counts too. */
export const networkHosts: Record<Exclude<SocialNetwork, 'website'>, readonly string[]> = {
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.com'],
  telegram: ['t.me', 'telegram.me'],
  whatsapp: ['wa.me', 'whatsapp.com'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  vk: ['vk.com'],
};

export type SocialUrlProblem = { kind: 'url' } | { kind: 'host'; hosts: string };

/**
 * Why `url` cannot be a link of `network`, or null: it must be an absolute http(s) address with a
 * real host (`javascript:` and bare names are refused), on the network's own host unless `website`.
 */
export function socialUrlProblem(network: SocialNetwork, url: string): SocialUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'url' };
  }
  if (!/^https?:\/\//i.test(url) || !parsed.hostname.includes('.')) return { kind: 'url' };
  if (network === 'website') return null;
  const host = parsed.hostname.toLowerCase();
  const allowed = networkHosts[network];
  return allowed.some((h) => host === h || host.endsWith(`.${h}`)) ? null : { kind: 'host', hosts: allowed.join(', ') };
}
