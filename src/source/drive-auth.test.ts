import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_OAUTH, FakeDriveServer } from '../../test/helpers/fake-drive-server.js';
import { ConfigError } from '../errors.js';
import { createDriveAuth, DRIVE_READONLY_SCOPE, driveAuthSettingsFromConfig } from './drive-auth.js';
import { createGoogleDriveSource } from './google-drive-source.js';
import { google } from 'googleapis';

describe('createDriveAuth', () => {
  let drive: FakeDriveServer;
  let folder: string;

  beforeEach(async () => {
    drive = await FakeDriveServer.start();
    folder = await mkdtemp(join(tmpdir(), 'gridrag-auth-'));
  });
  afterEach(async () => {
    await drive.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function listWith(auth: Awaited<ReturnType<typeof createDriveAuth>>, root: string): Promise<string[]> {
    const source = createGoogleDriveSource({ drive: google.drive({ version: 'v3', auth, rootUrl: drive.rootUrl }), folderId: root });
    return (await source.list()).map((file) => file.path);
  }

  it('signs in a service account from its key file with the read-only Drive scope, renewing expiring tokens', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = join(folder, 'key.json');
    const email = 'gridrag@project.iam.gserviceaccount.com';
    await writeFile(keyFile, JSON.stringify({ type: 'service_account', client_email: email, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) }));
    const root = drive.addFolder('Shared');
    drive.addFile('a.csv', root, 'x,y\n1,2\n');

    const auth = await createDriveAuth({ credentialsFile: keyFile, tokenUrl: drive.tokenUrl });
    drive.tokenLifetimeSeconds = 60; // inside the client's refresh margin: renewed before each call
    expect(await listWith(auth, root)).toEqual(['a.csv']);
    expect(drive.tokenGrants).toEqual([{ grantType: 'jwt-bearer', issuer: email, scope: DRIVE_READONLY_SCOPE }]);
    drive.expireAccessTokens();
    expect(await listWith(auth, root)).toEqual(['a.csv']);
    expect(drive.tokenGrants).toHaveLength(2);
  });

  it('uses an OAuth refresh token, also from a gcloud authorized_user file', async () => {
    const root = drive.addFolder('Mine');
    const fromSettings = await createDriveAuth({ ...FAKE_OAUTH, tokenUrl: drive.tokenUrl });
    expect(await listWith(fromSettings, root)).toEqual([]);
    const keyFile = join(folder, 'adc.json');
    await writeFile(
      keyFile,
      JSON.stringify({ type: 'authorized_user', client_id: FAKE_OAUTH.clientId, client_secret: FAKE_OAUTH.clientSecret, refresh_token: FAKE_OAUTH.refreshToken }),
    );
    const fromFile = await createDriveAuth({ credentialsFile: keyFile, tokenUrl: drive.tokenUrl });
    expect(await listWith(fromFile, root)).toEqual([]);
    expect(drive.tokenGrants).toEqual([{ grantType: 'refresh_token' }, { grantType: 'refresh_token' }]);
  });

  it('explains missing or unusable credentials', async () => {
    await expect(createDriveAuth({})).rejects.toThrow(ConfigError);
    await expect(createDriveAuth({ clientId: 'id' })).rejects.toThrow(/GOOGLE_CLIENT_SECRET/);
    await expect(createDriveAuth({ credentialsFile: join(folder, 'missing.json') })).rejects.toThrow(/missing\.json/);
    const odd = join(folder, 'odd.json');
    await writeFile(odd, JSON.stringify({ type: 'external_account' }));
    await expect(createDriveAuth({ credentialsFile: odd })).rejects.toThrow(/external_account/);
  });
});

describe('driveAuthSettingsFromConfig', () => {
  it('reads the Google variables of the configuration', () => {
    expect(
      driveAuthSettingsFromConfig({
        GOOGLE_APPLICATION_CREDENTIALS: '/keys/sa.json',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: undefined,
        GOOGLE_REFRESH_TOKEN: undefined,
      }),
    ).toEqual({ credentialsFile: '/keys/sa.json', clientId: 'id', clientSecret: undefined, refreshToken: undefined });
  });
});
