import { Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { IMAGE_STYLES, type ImageStyle } from '@pog/common';
import { retryableLazy } from '../../app/retryableLazy';
import { Button } from '../../components/Button';
import { ImageIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { cropImage } from '../../features/pogs/cropImage';
import { IMAGE_ACCEPT, imageFileProblem } from '../../features/pogs/imageFile';
import { IMAGE_TEXT } from '../../features/pogs/messages';
import { uploadFailureText, useUploadImage } from '../../features/pogs/mutations';
import { toast } from '../../stores/toasts';
import type { CropResult } from './CropDialog';
import { Group, InlineError, Label, Row, Select } from './studioStyles';

const CropDialog = retryableLazy(() => import('./CropDialog'));

const AddButton = styled(Button)`
  svg { width: 1.1rem; height: 1.1rem; }
`;

const STYLE_LABELS: Record<ImageStyle, string> = { cover: 'Cover (fill the disc)', contain: 'Contain (whole picture)', fill: 'Stretch' };

interface ImageControlsProps {
  imageUrl: string;
  imageStyle: ImageStyle;
  onImage: (url: string) => void;
  onStyle: (style: ImageStyle) => void;
}

/**
 * Add Image: pick a file (checked like the server checks it), crop it, upload it, apply it
 * (product spec: states). Remove clears it; a failed upload clears the preview and says why.
 */
export function ImageControls({ imageUrl, imageStyle, onImage, onStyle }: ImageControlsProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadImage();

  // The object URL holds the whole file in memory until it is revoked.
  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source);
  }, [source]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      toast({ title: IMAGE_TEXT.uploadFailedTitle, description: problem, variant: 'destructive' });
      return;
    }
    setError(null);
    setSource(URL.createObjectURL(file));
  };

  const onApply = ({ image, crop, zoom }: CropResult) => {
    // Drawn now, while the crop dialog's image is still on the page; the upload awaits the result.
    const cropped = cropImage(image, crop, zoom);
    cropped.catch(() => undefined);
    setSource(null);
    upload.mutate(() => cropped, {
      onSuccess: ({ url }) => {
        setError(null);
        onImage(url);
      },
      onError: (failure) => {
        setError(uploadFailureText(failure));
        onImage('');
      },
    });
  };

  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <legend>Image</legend>
      <input ref={inputRef} type="file" accept={IMAGE_ACCEPT} className="visually-hidden" tabIndex={-1} aria-label="Image file" onChange={onFile} />
      <Row>
        <AddButton $variant="secondary" onClick={() => inputRef.current?.click()} disabled={upload.isPending}>
          <ImageIcon />
          {imageUrl ? 'Change Image' : 'Add Image'}
        </AddButton>
        {imageUrl && (
          <Button $variant="ghost" onClick={() => onImage('')} disabled={upload.isPending}>
            Remove
          </Button>
        )}
        {upload.isPending && <Spinner size={20} label="Uploading image..." />}
      </Row>
      {error && (
        <InlineError id={errorId} role="alert">
          {error}
        </InlineError>
      )}
      {imageUrl && (
        <Label>
          Image fit
          <Select value={imageStyle} onChange={(event) => onStyle(event.target.value as ImageStyle)}>
            {IMAGE_STYLES.map((style) => (
              <option key={style} value={style}>
                {STYLE_LABELS[style]}
              </option>
            ))}
          </Select>
        </Label>
      )}
      {source && (
        <Suspense fallback={<Spinner label="Opening the crop tool..." />}>
          <CropDialog source={source} onCancel={() => setSource(null)} onApply={onApply} />
        </Suspense>
      )}
    </Group>
  );
}
