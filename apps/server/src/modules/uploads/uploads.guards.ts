import { defineGuards } from '../../../test/guards';
import { bearer } from '../../../test/setup-app';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'OPTIONS /api/uploads': null,
    'POST /api/uploads': null,
    'PATCH /api/uploads/:id': 'upload',
    'DELETE /api/uploads/:id': 'upload',
    'GET /api/uploads/:id': 'upload',
    'POST /api/uploads/:id/complete': 'upload',
  },
  records: {
    upload: {
      scope: 'tenant',
      create: async ({ app, memberToken }) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: {
            ...bearer(memberToken),
            'tus-resumable': '1.0.0',
            'upload-length': '4',
            'upload-metadata': `filename ${b64('matrix upper.stl')}`,
          },
        });
        if (response.statusCode !== 201)
          throw new Error(`upload create failed: ${response.statusCode} ${response.body}`);
        return String(response.headers.location).split('/').pop()!;
      },
    },
  },
});
