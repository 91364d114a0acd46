/**
 * The built SPA under /edcweb/: files from distDir, index.html for every other path (history fallback), 404 for a
 * missing file (a path whose last segment has an extension, or anything under assets/). Hashed assets are cached
 * for good; index.html never. Without a build, a page that says how to make one.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { APP_BASE } from '../../../engine/api/protocol';

export interface SpaOptions {
  distDir: string;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>EDC: the app is not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>The web app has not been built yet</h1>
<p>The reference server is running, but there is no build of the web app to serve.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
<p lang="zh-CN">前端尚未构建：请先运行 <code>npm run build</code>，然后刷新本页面。</p>
</body></html>`;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function sendIndex(reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache');
  return reply.sendFile('index.html', { cacheControl: false });
}

export const spaRoutes: FastifyPluginAsync<SpaOptions> = async (app, opts) => {
  const root = path.resolve(opts.distDir);
  await app.register(fastifyStatic, { root, serve: false, decorateReply: true });

  app.get('/', (_request, reply) => reply.redirect(APP_BASE, 302));
  app.get(APP_BASE.slice(0, -1), (_request, reply) => reply.redirect(APP_BASE, 302));

  app.get(`${APP_BASE}*`, async (request, reply) => {
    if (!(await isFile(path.join(root, 'index.html')))) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    }
    const rel = (request.params as { '*': string })['*'] ?? '';
    const file = path.resolve(root, rel);
    const inside = file === root || file.startsWith(root + path.sep);
    if (inside && rel !== '' && (await isFile(file))) {
      const relFromRoot = path.relative(root, file);
      if (relFromRoot === 'index.html') return sendIndex(reply);
      if (relFromRoot.startsWith(`assets${path.sep}`)) {
        return reply.sendFile(relFromRoot, { maxAge: '365d', immutable: true });
      }
      return reply.sendFile(relFromRoot, { maxAge: '1h' });
    }
    const lastSegment = rel.split('/').pop() ?? '';
    if (!inside || rel.startsWith('assets/') || lastSegment.includes('.')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendIndex(reply);
  });
};
