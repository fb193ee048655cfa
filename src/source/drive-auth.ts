/**
 * Credentials for Google Drive, read-only: a service-account key file
 * (`GOOGLE_APPLICATION_CREDENTIALS`, the folder shared with the account's email) or an
 * OAuth refresh token (`GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`, `GOOGLE_REFRESH_TOKEN`).
 * The client refreshes an expired access token itself, also after a 401.
 * @module source/drive-auth
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { google as GoogleApi } from 'googleapis';
import type { Config } from '../config.js';
import { ConfigError, describeError } from '../errors.js';

/** Read-only access to the user's Drive files. */
export const DRIVE_READONLY_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** An authorized Drive client (OAuth2 with a refresh token, or a service-account JWT). */
export type DriveAuth = InstanceType<typeof GoogleApi.auth.OAuth2>;

const require = createRequire(import.meta.url);

/**
 * Google's client, loaded on first use: `googleapis` takes about 1.7 s and 100 MB to load,
 * which every command would pay at start (`gridrag tables`, `ask`) for Drive, used by few.
 */
export function googleApi(): typeof GoogleApi {
  return (require('googleapis') as { google: typeof GoogleApi }).google;
}

/** Where the credentials come from. */
export interface DriveAuthSettings {
  /** Path of a JSON key: `service_account`, or `authorized_user` (gcloud) with a refresh token. */
  credentialsFile?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  /** Token endpoint to use instead of `https://oauth2.googleapis.com/token` (tests, proxies). */
  tokenUrl?: string;
}

/** The Drive credentials named in the configuration. */
export function driveAuthSettingsFromConfig(
  config: Pick<Config, 'GOOGLE_APPLICATION_CREDENTIALS' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_REFRESH_TOKEN'>,
): DriveAuthSettings {
  return {
    credentialsFile: config.GOOGLE_APPLICATION_CREDENTIALS,
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    refreshToken: config.GOOGLE_REFRESH_TOKEN,
  };
}

/**
 * Builds the Drive client's credentials. An OAuth client id, secret and refresh token win
 * over a key file when both are set.
 * @throws ConfigError when neither is configured, or the key file is unreadable or of an unknown type
 */
export async function createDriveAuth(settings: DriveAuthSettings): Promise<DriveAuth> {
  const { clientId, clientSecret, refreshToken } = settings;
  if (clientId && clientSecret && refreshToken) return oauthClient(clientId, clientSecret, refreshToken, settings.tokenUrl);
  if (clientId || clientSecret || refreshToken) {
    throw new ConfigError('Google Drive OAuth needs all of GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN');
  }
  if (!settings.credentialsFile) {
    throw new ConfigError(
      'Google Drive needs credentials: GOOGLE_APPLICATION_CREDENTIALS (a service-account key file) or GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN',
    );
  }
  const key = await readKeyFile(settings.credentialsFile);
  if (key.type === 'authorized_user' && key.client_id && key.client_secret && key.refresh_token) {
    return oauthClient(key.client_id, key.client_secret, key.refresh_token, settings.tokenUrl);
  }
  if (key.type === 'service_account' && key.client_email && key.private_key) {
    return new (googleApi().auth.JWT)({
      email: key.client_email,
      key: key.private_key,
      scopes: [DRIVE_READONLY_SCOPE],
      forceRefreshOnFailure: true,
      ...(settings.tokenUrl ? { transporterOptions: { fetchImplementation: redirectTokenCalls(settings.tokenUrl) } } : {}),
    });
  }
  throw new ConfigError(`${settings.credentialsFile}: not a service_account or authorized_user key (type ${key.type ?? 'missing'})`);
}

function oauthClient(clientId: string, clientSecret: string, refreshToken: string, tokenUrl?: string): DriveAuth {
  const client = new (googleApi().auth.OAuth2)({
    clientId,
    clientSecret,
    forceRefreshOnFailure: true,
    ...(tokenUrl ? { endpoints: { oauth2TokenUrl: tokenUrl } } : {}),
  });
  client.setCredentials({ refresh_token: refreshToken });
  return client;
}

interface KeyFile {
  type?: string;
  client_email?: string;
  private_key?: string;
  client_id?: string;
  client_secret?: string;
  refresh_token?: string;
}

async function readKeyFile(path: string): Promise<KeyFile> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as KeyFile;
  } catch (error) {
    throw new ConfigError(`cannot read Google credentials ${path}: ${describeError(error)}`, { cause: error });
  }
}

/**
 * The service-account token URL is fixed inside google-auth-library; this fetch sends calls
 * for it to `tokenUrl` instead and everything else on unchanged.
 */
function redirectTokenCalls(tokenUrl: string): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(url.startsWith(GOOGLE_TOKEN_URL) ? tokenUrl : input, init);
  };
}
