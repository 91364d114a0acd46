export { FileChooser, UploadRefusal, XLSX_ACCEPT, type FileChooserProps } from './FileChooser';
export { useUpload, type Upload } from './useUpload';
