/**
 * The crop step of an upload (product spec: states and validation): a square, round selection and a zoom from 1
 * to 3 in steps of 0.1. Loaded on demand, so react-image-crop and its stylesheet only reach
 * players who add a picture.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import { ReactCrop, centerCrop, convertToPixelCrop, makeAspectCrop, type Crop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import styled from 'styled-components';
import { UPLOAD } from '@pog/common';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { clampZoom, type Rect } from '../../features/pogs/cropMath';
import { Label } from './studioStyles';

const CropArea = styled.div`
  display: grid;
  place-items: center;
  overflow: hidden;
  max-height: 60vh;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  img { display: block; max-width: 100%; max-height: 55vh; transform-origin: center; }
`;

const Controls = styled.div`
  display: grid;
  gap: 1rem;
  margin-top: 1rem;
  input[type='range'] { width: 100%; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
`;

/** The first selection: the largest centred square, at 90 % of the shorter side. */
function initialCrop(width: number, height: number): Crop {
  return centerCrop(makeAspectCrop({ unit: '%', width: 90 }, 1, width, height), width, height);
}

export interface CropResult {
  image: HTMLImageElement;
  crop: Rect;
  zoom: number;
}

interface CropDialogProps {
  /** An object URL of the chosen file. */
  source: string;
  onCancel: () => void;
  onApply: (result: CropResult) => void;
}

export default function CropDialog({ source, onCancel, onApply }: CropDialogProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [zoom, setZoom] = useState<number>(UPLOAD.cropZoomMin);

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { width, height } = event.currentTarget;
    setCrop(initialCrop(width, height));
  };

  const apply = () => {
    const image = imageRef.current;
    if (!image || !crop) return;
    const pixels = convertToPixelCrop(crop, image.width, image.height);
    onApply({ image, crop: { x: pixels.x, y: pixels.y, width: pixels.width, height: pixels.height }, zoom });
  };

  return (
    <Dialog open onClose={onCancel} title="Crop Image" description="Drag the circle to choose what shows on your POG." width={620}>
      <CropArea>
        <ReactCrop crop={crop} aspect={1} circularCrop keepSelection onChange={(_pixels, percent) => setCrop(percent)}>
          <img ref={imageRef} src={source} alt="The picture to crop" onLoad={onLoad} style={{ transform: `scale(${zoom})` }} />
        </ReactCrop>
      </CropArea>
      <Controls>
        <Label>
          Zoom ({zoom.toFixed(1)}x)
          <input
            type="range"
            min={UPLOAD.cropZoomMin}
            max={UPLOAD.cropZoomMax}
            step={UPLOAD.cropZoomStep}
            value={zoom}
            onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
          />
        </Label>
        <Actions>
          <Button $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!crop}>
            Apply
          </Button>
        </Actions>
      </Controls>
    </Dialog>
  );
}
