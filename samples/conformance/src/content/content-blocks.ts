import { PIXEL_PNG_BASE64, SILENT_WAV_BASE64 } from './test-media.js';

/** The content blocks the suite's content scenarios look for, shared by tools and prompts. */
export const ContentBlocks = {
  text(text: string) {
    return { type: 'text' as const, text };
  },
  pixelImage() {
    return { type: 'image' as const, data: PIXEL_PNG_BASE64, mimeType: 'image/png' };
  },
  silentAudio() {
    return { type: 'audio' as const, data: SILENT_WAV_BASE64, mimeType: 'audio/wav' };
  },
  textResource(uri: string, mimeType: string, text: string) {
    return { type: 'resource' as const, resource: { uri, mimeType, text } };
  },
};
