// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiReferenceView } from './api-reference-view';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const error = { description: 'Not signed in', content: {} };

/** A document as the server builds it (modules/openapi/openapi.ts): a JSON body, a multipart form, an admin route. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Vision Terminal API', version: '0.1.0', description: 'Same-origin JSON API.' },
  paths: {
    '/api/users/profile': {
      put: {
        tags: ['users'],
        summary: 'Update name, company, time zone',
        'x-access': 'user',
        parameters: [],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { company: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'OK', content: {} }, '401': error },
      },
    },
    '/api/photos': {
      post: {
        tags: ['analysis'],
        summary: 'Upload one or more photos',
        'x-access': 'user',
        parameters: [],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  photo: {
                    type: 'array',
                    items: { type: 'string', format: 'binary', contentEncoding: 'binary' },
                    description: 'The photos',
                  },
                },
                required: ['photo'],
              },
            },
          },
        },
        responses: { '202': { description: 'OK', content: {} }, '401': error, '415': error },
      },
    },
    '/api/admin/users': {
      get: {
        tags: ['admin'],
        summary: 'Every account with its activity',
        'x-access': 'admin',
        parameters: [],
        responses: { '200': { description: 'OK', content: {} }, '403': error },
      },
    },
  },
};

function renderWith(document: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(document), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiReferenceView />
    </QueryClientProvider>,
  );
}

describe('ApiReferenceView', () => {
  it('shows a multipart upload as a form of files beside JSON bodies', async () => {
    renderWith(DOCUMENT);
    const operations = await screen.findAllByTestId('api-operation');
    const [profile, photos, users] = ['/api/users/profile', '/api/photos', '/api/admin/users'].map((path) =>
      operations.find((o) => o.textContent?.includes(path))!,
    );
    expect(profile!.textContent).toContain('Body');
    expect(profile!.textContent).toContain('company: string');
    expect(photos!.textContent).toContain('Body (multipart/form-data)');
    expect(photos!.textContent).toContain('photo: file[]');
    expect(photos!.textContent).toContain('Errors: 401, 415');
    expect(users!.textContent).toContain('admin');
  });
});
