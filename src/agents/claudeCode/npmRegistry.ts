// Which npm registry the download uses: the user's npm configuration when it names one (a company mirror, a proxy
// registry), else the public registry. Read as npm reads it, in npm's order: `npm_config_*` environment variables,
// then the user's .npmrc (NPM_CONFIG_USERCONFIG or ~/.npmrc); a scoped registry (`@anthropic-ai:registry`) wins over
// the plain one, and the registry's `_authToken` is sent when the .npmrc has one for it. Pure: the caller reads files.
import { parse } from 'ini';

export const PUBLIC_REGISTRY = 'https://registry.npmjs.org/';

export interface NpmRegistry {
  url: string;
  /** Where the URL came from, for the log and messages. */
  from: string;
  authToken?: string;
}

/** The user .npmrc's path by npm's rule. */
export function userNpmrcPath(env: Record<string, string | undefined>, home: string, join: (...p: string[]) => string): string {
  return envValue(env, 'userconfig') ?? join(home, '.npmrc');
}

export function registryFor(packageName: string, env: Record<string, string | undefined>, userNpmrc: { path: string; text: string } | undefined): NpmRegistry {
  const scope = packageName.startsWith('@') ? packageName.split('/')[0] : undefined;
  const rc = userNpmrc ? (parse(userNpmrc.text) as Record<string, unknown>) : {};
  const fromRc = (key: string): string | undefined => {
    const v = rc[key];
    return typeof v === 'string' && v.trim() ? expand(v.trim(), env) : undefined;
  };
  const keys = scope ? [`${scope}:registry`, 'registry'] : ['registry'];
  let found: { url: string; from: string } | undefined;
  for (const key of keys) {
    const e = envValue(env, key);
    if (e) found = { url: e, from: `the npm_config_${key} environment variable` };
    else if (fromRc(key)) found = { url: fromRc(key)!, from: `${key} in ${userNpmrc!.path}` };
    if (found) break;
  }
  if (!found || !/^https?:\/\//i.test(found.url)) return { url: PUBLIC_REGISTRY, from: 'the public npm registry' };
  const url = found.url.endsWith('/') ? found.url : `${found.url}/`;
  // npm keys credentials by the registry URL without its scheme ("nerf dart"): //host/path/:_authToken
  const nerf = url.replace(/^https?:/i, '');
  const authToken = fromRc(`${nerf}:_authToken`);
  return { url, from: found.from, ...(authToken ? { authToken } : {}) };
}

/** npm reads `npm_config_<key>` case-insensitively from the environment. */
function envValue(env: Record<string, string | undefined>, key: string): string | undefined {
  const want = `npm_config_${key}`.toLowerCase();
  for (const [k, v] of Object.entries(env)) if (k.toLowerCase() === want && v?.trim()) return v.trim();
  return undefined;
}

/** `${VAR}` in an .npmrc value is the environment variable's value, as npm expands it. */
function expand(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\{([^}]+)\}/g, (_, name: string) => env[name] ?? '');
}

/** The registry document of one version: `<registry>/<@scope%2fname>/<version>`. */
export function versionDocumentUrl(registry: string, packageName: string, version: string): string {
  return `${registry}${packageName.replace('/', '%2f')}/${encodeURIComponent(version)}`;
}
