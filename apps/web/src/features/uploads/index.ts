// What other features use of scan uploads: the uploader of the case-creation flow (ADR 0100).
export {
  ScanUploader,
  type ScanUploaderProps,
  type ScanUploadState,
  type ScanUploadStatus,
} from './components/scan-uploader';
