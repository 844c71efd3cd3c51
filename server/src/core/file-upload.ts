/**
 * One uploaded file of a multipart request (field "file"), written by multer to a temporary file in
 * an UploadFolder (memory stays flat whatever its size, up to `maxBytes`). Shared by the imports
 * that read big files (the roster, transcripts): each maps multer's refusals to the same reasons.
 * The caller deletes the file once read (the folder goes when the app stops).
 */
import type { Request, Response } from 'express';
import multer from 'multer';
import { badInput, because, type ReasonMessage } from './errors.js';
import type { UploadFolder } from './upload-folder.js';

export interface ReceivedFile {
  path: string;
  size: number;
  filename: string;
  mimetype: string;
}

export interface UploadLimits {
  folder: UploadFolder;
  maxBytes: number;
  /** The refusal of a file over maxBytes. */
  tooLarge: () => ReasonMessage;
  /** The refusal of a request without a file. */
  missing: ReasonMessage;
  /** The refusal of a body multer cannot read. */
  unreadable: ReasonMessage;
}

export async function receiveFile(req: Request, res: Response, limits: UploadLimits): Promise<ReceivedFile> {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, done) =>
        void limits.folder.path().then(
          (dir) => done(null, dir),
          (e: Error) => done(e, ''),
        ),
    }),
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10 },
  });
  await new Promise<void>((resolve, reject) => {
    upload.single('file')(req, res, (err: unknown) => {
      if (!err) return resolve();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(badInput(limits.tooLarge()));
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return reject(badInput(because('ONE_FILE_ONLY')));
      reject(badInput(limits.unreadable));
    });
  });
  if (!req.file) throw badInput(limits.missing);
  return { path: req.file.path, size: req.file.size, filename: req.file.originalname, mimetype: req.file.mimetype };
}
