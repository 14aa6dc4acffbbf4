/**
 * The files module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { attachFiles, checkOwnPicture, fileIdOf } from './attach-files.js';
export { FilesService } from './files.service.js';
export { storeGeneratedFile, readGeneratedFiles } from './generated-files.js';
