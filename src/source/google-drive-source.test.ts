import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_OAUTH, FakeDriveServer } from '../../test/helpers/fake-drive-server.js';
import { createDriveAuth } from './drive-auth.js';
import { createDriveSourceFromAuth } from './google-drive-source.js';

const NOTES = '# Q3 review\n\n## Decisions\nThe Gdańsk branch opens a second warehouse in November.\n';

describe('createDriveSourceFromAuth: Google Docs', () => {
  let drive: FakeDriveServer;
  let root: string;
  const source = async () =>
    createDriveSourceFromAuth({ auth: await createDriveAuth({ ...FAKE_OAUTH, tokenUrl: drive.tokenUrl }), rootUrl: drive.rootUrl, folderId: root, retry: { baseDelayMs: 1 } });

  beforeEach(async () => {
    drive = await FakeDriveServer.start();
    root = drive.addFolder('Team');
  });
  afterEach(async () => drive.close());

  it('lists a Google Doc as a Markdown file and reads its Markdown export', async () => {
    drive.addGoogleDoc('Meeting notes', root, NOTES);
    const driveSource = await source();
    const [file] = await driveSource.list();
    expect(file).toMatchObject({ name: 'Meeting notes.md', path: 'Meeting notes', mimeType: 'text/markdown' });
    expect(Buffer.from(await driveSource.read(file)).toString('utf8')).toBe(NOTES);
    const exports = drive.requests.filter((request) => request.path.endsWith('/export'));
    expect(exports.map((request) => request.query.mimeType)).toEqual(['text/markdown']);
  });

  it('falls back to the plain-text export when Drive refuses Markdown', async () => {
    drive.addGoogleDoc('Policy', root, 'Returns are accepted for 30 days.', { markdown: false });
    const driveSource = await source();
    const [file] = await driveSource.list();
    expect(Buffer.from(await driveSource.read(file)).toString('utf8')).toBe('Returns are accepted for 30 days.');
    const exports = drive.requests.filter((request) => request.path.endsWith('/export'));
    expect(exports.map((request) => request.query.mimeType)).toEqual(['text/markdown', 'text/plain']);
  });
});
