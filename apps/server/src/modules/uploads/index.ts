import { UPLOAD_ERRORS } from '@cuspid/contracts/uploads';
import { defineModule } from '../../lib/define-module';
import { cleanUpUploadsJob } from './uploads.jobs';
import { uploadsRoutes } from './uploads.routes';

export {
  cleanUpUploads,
  consumeUpload,
  discardUploadObject,
  type StoredUpload,
} from './uploads.service';

/**
 * Scan uploads (ADR 0100): resumable tus uploads into a staging folder, stored once complete with
 * their sha256 and verified against the browser's; a case takes one with `consumeUpload`.
 */
export const uploadsModule = defineModule({
  name: 'uploads',
  service: 'api',
  errors: UPLOAD_ERRORS,
  routes: uploadsRoutes,
  jobs: [cleanUpUploadsJob],
});
