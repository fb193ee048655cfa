/**
 * The n8n workflows in workflows/: each is importable n8n workflow JSON (nodes of known types
 * and versions, connections naming existing nodes, credentials by name only, no secrets) and
 * every gridrag URL it calls is a method and path of /openapi.json.
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openApiDocument } from '../src/server/index.js';
import { REPO_ROOT } from './helpers/shared-paths.js';

const DIR = path.join(REPO_ROOT, 'workflows');

/**
 * n8n node types these workflows may use, with the type versions n8n ships for them
 * (from n8n's packages/nodes-base node descriptions: `version` / `defaultVersion`).
 */
const KNOWN_NODES: Record<string, number[]> = {
  'n8n-nodes-base.googleDriveTrigger': [1],
  'n8n-nodes-base.httpRequest': [1, 2, 3, 4, 4.1, 4.2],
  'n8n-nodes-base.webhook': [1, 1.1, 2],
  'n8n-nodes-base.respondToWebhook': [1, 1.1],
  'n8n-nodes-base.slackTrigger': [1],
  'n8n-nodes-base.slack': [1, 2, 2.1, 2.2],
  'n8n-nodes-base.stickyNote': [1],
  '@n8n/n8n-nodes-langchain.chatTrigger': [1, 1.1],
};

/** The credential types each node may reference. */
const CREDENTIALS: Record<string, string[]> = {
  'n8n-nodes-base.googleDriveTrigger': ['googleDriveOAuth2Api', 'googleApi'],
  'n8n-nodes-base.httpRequest': ['httpHeaderAuth'],
  'n8n-nodes-base.slackTrigger': ['slackApi'],
  'n8n-nodes-base.slack': ['slackApi', 'slackOAuth2Api'],
};

interface WorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  credentials?: Record<string, Record<string, unknown>>;
}

interface Workflow {
  name: string;
  nodes: WorkflowNode[];
  connections: Record<string, Record<string, { node: string; type: string; index: number }[][]>>;
}

const files = (await readdir(DIR)).filter((name) => name.endsWith('.json')).sort();
const document = openApiDocument() as { paths: Record<string, Record<string, unknown>> };

describe('workflows/', () => {
  it('holds the four workflows of the README', () => {
    expect(files).toEqual(['drive-recycle-bin.json', 'drive-sync.json', 'slack-ask.json', 'webhook-ask.json']);
  });

  for (const file of files) {
    describe(file, async () => {
      const text = await readFile(path.join(DIR, file), 'utf8');
      const workflow = JSON.parse(text) as Workflow;

      it('is an n8n workflow of known node types and versions', () => {
        expect(typeof workflow.name).toBe('string');
        expect(workflow.nodes.length).toBeGreaterThanOrEqual(2);
        const names = new Set<string>();
        const ids = new Set<string>();
        for (const node of workflow.nodes) {
          expect(KNOWN_NODES[node.type], `${node.name}: ${node.type}`).toBeDefined();
          expect(KNOWN_NODES[node.type], `${node.name}: version`).toContain(node.typeVersion);
          expect(node.position).toEqual([expect.any(Number), expect.any(Number)]);
          expect(typeof node.parameters).toBe('object');
          expect(names.has(node.name), `duplicate name ${node.name}`).toBe(false);
          expect(ids.has(node.id), `duplicate id ${node.id}`).toBe(false);
          names.add(node.name);
          ids.add(node.id);
        }
        expect(workflow.nodes.some((node) => /trigger|webhook/i.test(node.type))).toBe(true);
      });

      it('connects only existing nodes, and every working node is connected', () => {
        const names = new Set(workflow.nodes.map((node) => node.name));
        const reached = new Set<string>();
        for (const [from, outputs] of Object.entries(workflow.connections)) {
          expect(names.has(from), `connection from ${from}`).toBe(true);
          for (const branches of Object.values(outputs)) {
            for (const branch of branches) {
              for (const target of branch) {
                expect(names.has(target.node), `connection to ${target.node}`).toBe(true);
                expect(target.type).toBe('main');
                reached.add(target.node);
              }
            }
          }
        }
        for (const node of workflow.nodes) {
          if (node.type === 'n8n-nodes-base.stickyNote') continue;
          const isTrigger = /Trigger$/.test(node.type) || node.type === 'n8n-nodes-base.webhook';
          if (isTrigger) expect(workflow.connections[node.name], `${node.name} leads nowhere`).toBeDefined();
          else expect(reached.has(node.name), `${node.name} is never reached`).toBe(true);
        }
      });

      it('references credentials by name only and holds no secret', () => {
        for (const node of workflow.nodes) {
          for (const [type, reference] of Object.entries(node.credentials ?? {})) {
            expect(CREDENTIALS[node.type] ?? [], `${node.name}: ${type}`).toContain(type);
            expect(Object.keys(reference)).toEqual(['name']);
            expect(typeof reference.name).toBe('string');
          }
          if (node.type === 'n8n-nodes-base.httpRequest') {
            expect(node.parameters.authentication).toBe('genericCredentialType');
            expect(node.credentials?.httpHeaderAuth).toBeDefined();
          }
        }
        expect(text).not.toMatch(/grk_[A-Za-z0-9_-]{20}|whs_[A-Za-z0-9_-]{20}|xox[bp]-|Bearer [A-Za-z0-9]{10}/);
      });

      it('calls only methods and paths that /openapi.json describes', () => {
        const calls = workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.httpRequest');
        expect(calls.length).toBeGreaterThan(0);
        for (const call of calls) {
          const url = new URL(String(call.parameters.url).replace(/^=/, ''));
          const method = String(call.parameters.method ?? 'GET').toLowerCase();
          expect(document.paths[url.pathname], `${url.pathname} in /openapi.json`).toBeDefined();
          expect(document.paths[url.pathname][method], `${method} ${url.pathname}`).toBeDefined();
        }
      });
    });
  }
});
