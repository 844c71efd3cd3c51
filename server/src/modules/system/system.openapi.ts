/** The system, outbox, health, blog and access-log routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, day, numericId, timestamp } from '../../core/openapi.js';
import { filterInput } from '../access-log/access-log-input.js';

const Blog = z
  .object({
    id: z.int(),
    title: z.string(),
    subtitle: z.string(),
    image: z.string(),
    date: day(),
    author: z.string(),
    body: z.string().meta({ description: 'HTML, written by staff.' }),
  })
  .meta({ id: 'Blog' });

export const BLOG_ROUTES = areaRoutes('Blogs', [
  {
    method: 'get',
    path: '/blogs/',
    operationId: 'blogs',
    summary: 'Published blog posts.',
    public: true,
    success: { status: 200, json: z.array(Blog), description: 'The posts.' },
  },
  {
    method: 'get',
    path: '/blogs/:id/',
    operationId: 'blog',
    summary: 'One blog post.',
    public: true,
    params: { id: numericId('blog post') },
    success: { status: 200, json: Blog, description: 'The post.' },
  },
]);

export const SYSTEM_ROUTES = areaRoutes('System', [
  {
    method: 'get',
    path: '/system-status/',
    operationId: 'systemStatus',
    summary: 'Staff: version, database kind, migrations applied, outbox backlog.',
    success: {
      status: 200,
      description: 'The status.',
      json: z.object({
        version: z.string(),
        database_kind: z.enum(['embedded', 'server']),
        migrations: z.array(z.string()),
        outbox_backlog: z.int(),
      }),
    },
  },
  {
    method: 'get',
    path: '/outbox/',
    operationId: 'outbox',
    summary: 'Staff: email and text messages, newest first, with status, attempts and last error.',
    query: z.object({
      status: z.enum(['pending', 'sent', 'failed']).optional(),
      limit: z.string().optional().meta({ description: 'Page size, 1 to 200 (default 50); the total is in the X-Total-Count header.' }),
      offset: z.string().optional().meta({ description: 'How many messages to skip.' }),
    }),
    success: {
      status: 200,
      description: 'The messages.',
      json: z.array(
        z.object({
          id: z.string(),
          channel: z.string(),
          recipient: z.string(),
          subject: z.string(),
          body: z.string().nullable(),
          status: z.enum(['pending', 'sent', 'failed']),
          attempts: z.int(),
          last_error: z.string().nullable(),
          next_attempt_at: timestamp().nullable(),
          created_at: timestamp(),
          sent_at: timestamp().nullable(),
        }),
      ),
    },
  },
  {
    method: 'get',
    path: '/access-log/',
    operationId: 'accessLog',
    summary: 'Staff: who viewed or changed which student record, paginated.',
    query: filterInput,
    success: {
      status: 200,
      description: 'One page of the log.',
      json: z.object({
        results: z.array(
          z.object({
            id: z.string(),
            created_at: timestamp(),
            action: z.string(),
            reason: z.string(),
            student_id: z.int(),
            student_name: z.string().nullable(),
            actor_id: z.int().nullable(),
            actor_name: z.string().nullable(),
            acting_user_id: z.int().nullable(),
            acting_name: z.string().nullable(),
          }),
        ),
        count: z.int(),
        next_cursor: z.string().nullable().meta({ description: 'The `after` of the next page; null on the last.' }),
      }),
    },
  },
  {
    method: 'get',
    path: '/health/',
    operationId: 'health',
    summary: 'Liveness and database check for load balancers.',
    public: true,
    success: { status: 200, json: z.object({ status: z.literal('ok') }), description: 'Up.' },
  },
]);
