/**
 * The deployment files as district IT runs them: Dockerfile, docker-compose.yml, deploy/nginx.conf.
 *
 * A static check, on purpose: the machines that run the tests have no Docker daemon and no compose
 * plugin, and a test that needed them would pass or fail with the machine. So the files are parsed
 * (compose with the `yaml` package) and read for what compose and nginx would do with them: which
 * variables stop compose when unset (`${VAR:?message}`), which values would be used when unset
 * (`${VAR:-default}`), restart policies, what keeps `--scale app=N` possible, how nginx finds the
 * replicas, and which Node line the image runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTrustProxy } from '../core/trust-proxy.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  container_name?: string;
  ports?: unknown[];
  profiles?: string[];
  environment?: Record<string, string> | string[];
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const services = compose.services;

/** The environment of a service as name → the text compose interpolates. */
function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(env.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]));
}

interface Reference {
  name: string;
  operator: string;
  rest: string;
}
/** The `${NAME}`, `${NAME:-default}`, `${NAME:?message}` (and `-`, `?` forms) in a value. */
function references(value: string): Reference[] {
  return [...value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g)].map((m) => ({ name: m[1], operator: m[2] ?? '', rest: m[3] ?? '' }));
}

const everyValue = Object.entries(services).flatMap(([service, s]) => Object.entries(environment(s)).map(([key, value]) => ({ service, key, value })));
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY$|_SID$/;

/** The names in the README sentence "Compose refuses to start without ...". */
function readmeRequired(): string[] {
  const line = read('README.md')
    .split('\n')
    .find((l) => l.startsWith('Compose refuses to start without'));
  expect(line, 'the README names the variables compose needs').toBeDefined();
  return [...line!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]).sort();
}

describe('docker-compose.yml', () => {
  it('gives no secret a value of its own: each comes from the environment, required or empty (the feature off)', () => {
    for (const { service, key, value } of everyValue.filter((v) => SECRET_NAME.test(v.key))) {
      const refs = references(value);
      expect(refs, `${service}.${key}`).toHaveLength(1);
      expect(value, `${service}.${key} is only its variable`).toBe(`\${${refs[0].name}${refs[0].operator}${refs[0].rest}}`);
      const ok = refs[0].operator === ':?' || (refs[0].operator === ':-' && refs[0].rest === '');
      expect(ok, `${service}.${key} = ${value}`).toBe(true);
    }
  });

  it('refuses to start without the database password, the public address and the mail relay, with a message for each', () => {
    const required = new Map<string, string[]>();
    for (const { value } of everyValue) {
      for (const r of references(value)) {
        if (r.operator === ':?') required.set(r.name, [...(required.get(r.name) ?? []), r.rest]);
      }
    }
    expect([...required.keys()].sort()).toEqual(['MAIL_FROM', 'POSTGRES_PASSWORD', 'PUBLIC_URL', 'SMTP_URL']);
    for (const [name, messages] of required) for (const m of messages) expect(m, name).toMatch(/^Set \w+/);
    // Wherever a required variable is used, it is required there too (no `${POSTGRES_PASSWORD:-planner}` next to it).
    for (const { service, key, value } of everyValue) {
      for (const r of references(value)) {
        if (required.has(r.name)) expect(r.operator, `${service}.${key} uses ${r.name}`).toBe(':?');
      }
    }
    expect(environment(services.app).DATABASE_URL).toBe('postgres://planner:${POSTGRES_PASSWORD:?Set POSTGRES_PASSWORD}@db:5432/planner');
    expect(readmeRequired()).toEqual([...required.keys()].sort());
  });

  it('restarts every service after a crash or a reboot', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(['unless-stopped', 'always', 'on-failure'], name).toContain(s.restart);
    }
  });

  it('lets `--scale app=N` start any number of app replicas: no fixed name, no host port', () => {
    expect(services.app.build).toBeDefined();
    expect(services.app.container_name).toBeUndefined();
    expect(services.app.ports).toBeUndefined();
    expect(services.proxy.ports).toEqual(['4000:80']);
  });

  it('believes exactly the one nginx proxy about the client address (TRUST_PROXY), which appends the address it saw', () => {
    const value = environment(services.app).TRUST_PROXY;
    expect(value, 'the app service sets TRUST_PROXY').toBeDefined();
    // Unset, the app trusts loopback only: every client would share the proxy's address, one bucket for the whole district.
    const refs = references(value!);
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ name: 'TRUST_PROXY', operator: ':-' });
    expect(parseTrustProxy(refs[0].rest)).toBe(1);
    const conf = read('deploy/nginx.conf')
      .split('\n')
      .map((l) => l.replace(/#.*$/, ''))
      .join('\n');
    const forwarded = [...conf.matchAll(/^\s*proxy_set_header\s+X-Forwarded-For\s+([^;]+);/gim)].map((m) => m[1].trim());
    expect(forwarded).toEqual(['$proxy_add_x_forwarded_for']);
  });

  it('keeps the mail catcher (which shows every reset link) out of a plain start, and off the network', () => {
    expect(services.mail.profiles).toEqual(['mail-catcher']);
    for (const p of services.mail.ports ?? []) expect(String(p)).toMatch(/^127\.0\.0\.1:/);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf')
    .split('\n')
    .map((l) => l.replace(/#.*$/, ''))
    .join('\n');

  it("asks Docker's DNS again for the replicas, so added ones get requests", () => {
    expect(conf).toMatch(/^\s*resolver\s+127\.0\.0\.11\b[^;]*\bvalid=\d+s/m);
    const proxied = [...conf.matchAll(/^\s*proxy_pass\s+([^;]+);/gm)].map((m) => m[1].trim());
    expect(proxied.length).toBeGreaterThan(0);
    for (const target of proxied) {
      // A name in a variable is resolved at request time; a literal one (or an upstream block) once, at start.
      const variable = /^\$(\w+)$/.exec(target);
      expect(variable, `proxy_pass ${target}`).not.toBeNull();
      expect(conf).toMatch(new RegExp(`^\\s*set\\s+\\$${variable![1]}\\s+http://app:4000;`, 'm'));
    }
    expect(conf).not.toMatch(/^\s*upstream\b/m);
  });
});

describe('Dockerfile', () => {
  it('runs on a supported Node LTS (even major, 22 or later)', () => {
    const images = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const major = Number(/^node:(\d+)/.exec(image)?.[1]);
      expect(major, image).toBeGreaterThanOrEqual(22);
      expect(major % 2, `${image}: only even Node lines become LTS`).toBe(0);
    }
  });

  it('leaves the code runnable on Node 20 (the engines range still admits it)', () => {
    expect(JSON.parse(read('package.json')).engines.node).toBe('>=20');
  });
});
