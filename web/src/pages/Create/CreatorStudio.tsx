import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { asPogId, changesDesign, editRefusal, type Pog, type PogId, type User, type UserId } from '@pog/common';
import { media } from '../../app/theme';
import { Button } from '../../components/Button';
import { SparklesIcon } from '../../components/icons';
import {
  applyPreset,
  applyTemplate,
  checkDesign,
  designChanges,
  designFromPog,
  EMPTY_DESIGN,
  randomBackground,
  type DesignErrors,
  type PogDesign,
} from '../../features/pogs/design';
import { useUserStats } from '../../features/achievements/queries';
import { ALLOWANCE_TEXT, allowanceFrom, cooldownSecondsLeft, type CreationAllowance } from '../../features/pogs/allowance';
import { EDIT_TEXT } from '../../features/pogs/messages';
import { useTicker } from '../../hooks/useTicker';
import { useCreatePog, useUpdatePog } from '../../features/pogs/mutations';
import { usePog } from '../../features/pogs/queries';
import { useForgetScorePreviews, useScorePreview } from '../../features/pogs/scorePreview';
import { ActiveTrades } from './ActiveTrades';
import { ColorControls } from './ColorControls';
import { CreationAllowanceNote } from './CreationAllowance';
import { ImageControls } from './ImageControls';
import { MyCreatedPogs } from './MyCreatedPogs';
import { PogPreview3D } from './PogPreview3D';
import { RarityNote } from './RarityNote';
import { ScorePreviewPanel } from './ScorePreviewPanel';
import { InlineError, Muted, Panel, PanelHead, PanelTitle, Row } from './studioStyles';
import { TemplateDialog } from './TemplateDialog';
import { TextControls } from './TextControls';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(280px, 0.9fr) 1.1fr;
  gap: 1.25rem;
  align-items: start;
  ${media.belowMd} { grid-template-columns: 1fr; }
`;

const Side = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1.25rem;
  margin-top: 1.25rem;
  ${media.belowMd} { grid-template-columns: 1fr; }
`;

const TemplateButton = styled(Button)`
  justify-self: center;
  svg { width: 1.1rem; height: 1.1rem; }
`;

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
`;

const Footer = styled(Row)`
  justify-content: flex-end;
  padding-top: 0.5rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** `?edit=12` → 12; anything else → null. */
function parseEditId(value: string | null): PogId | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? asPogId(id) : null;
}

/** The POG opened with `?edit={pogId}`, if the player may edit it, and what stands in the way. */
function useEditTarget(user: User) {
  const [searchParams, setSearchParams] = useSearchParams();
  const editId = parseEditId(searchParams.get('edit'));
  const editing = usePog(editId);
  // Only the creator, while holding it, before it ever changed hands (the server's own rule).
  const editBlocked = editing.data ? editRefusal(editing.data, user.id) : null;
  const editable = editing.data && editBlocked === null ? editing.data : null;
  const problem =
    editId !== null && editing.isError
      ? 'That POG could not be opened for editing (it may have been deleted).'
      : editBlocked;
  return {
    editId,
    editable,
    problem,
    opening: editId !== null && editing.isPending,
    clear: () => setSearchParams({}, { replace: true }),
  };
}

type ChangeField = <K extends keyof PogDesign>(field: K, value: PogDesign[K]) => void;

/** The design on the bench and its errors; it takes the edited POG's design when another POG is opened. */
function useDesignDraft(editable: Pog | null) {
  const [design, setDesign] = useState<PogDesign>(EMPTY_DESIGN);
  const [errors, setErrors] = useState<DesignErrors>({});

  // Load the POG being edited once it arrives (and again if another one is opened).
  const loadedId = editable?.id ?? null;
  const load = useEffectEvent(() => {
    if (editable) setDesign(designFromPog(editable));
    setErrors({});
  });
  // Only when a different POG is opened: a refetch of the same one keeps the player's changes.
  useEffect(() => load(), [loadedId]);

  const change: ChangeField = (field, value) => {
    setDesign((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Back to the edited POG as saved, or to an empty design. */
  const reset = () => {
    setDesign(editable ? designFromPog(editable) : EMPTY_DESIGN);
    setErrors({});
  };

  return { design, setDesign, errors, setErrors, change, reset };
}

/** What the player may still create, counted down live while the creation cooldown runs. */
function useCreationCooldown(userId: UserId, countsAsCreation: boolean) {
  const stats = useUserStats(userId);
  const allowance = stats.data ? allowanceFrom(stats.data, stats.dataUpdatedAt) : null;
  const now = useTicker(allowance?.cooldownEndsAt != null && allowance.cooldownEndsAt > Date.now());
  const cooldownSeconds = allowance && countsAsCreation ? cooldownSecondsLeft(allowance, now) : 0;
  return { allowance, cooldownSeconds };
}

function PreviewPanel({ design, editingId, onTemplates }: { design: PogDesign; editingId: PogId | null; onTemplates: () => void }) {
  const score = useScorePreview(design, editingId);
  return (
    <Panel aria-label="Preview">
      <PogPreview3D design={design} />
      <TemplateButton $variant="outline" onClick={onTemplates}>
        <SparklesIcon />
        Use Template
      </TemplateButton>
      <ScorePreviewPanel state={score} />
      <RarityNote />
    </Panel>
  );
}

interface DesignFormProps {
  design: PogDesign;
  errors: DesignErrors;
  change: ChangeField;
  setDesign: (update: (current: PogDesign) => PogDesign) => void;
  allowance: CreationAllowance | null;
  cooldownSeconds: number;
  /** A new POG (rather than an edit), which takes a creation slot. */
  creating: boolean;
  saving: boolean;
  onReset: () => void;
  onSave: (event: FormEvent) => void;
}

function DesignForm({ design, errors, change, setDesign, allowance, cooldownSeconds, creating, saving, onReset, onSave }: DesignFormProps) {
  const colorOrImageError = errors.backgroundColor1 ?? errors.backgroundColor2 ?? errors.textColor ?? errors.imageUrl;
  return (
    <Form onSubmit={onSave} noValidate>
      <TextControls design={design} errors={errors} onChange={change} />
      <ColorControls
        color1={design.backgroundColor1}
        color2={design.backgroundColor2}
        onChange={change}
        onPreset={(preset) => setDesign((current) => applyPreset(current, preset))}
        onRandom={() => setDesign((current) => randomBackground(current))}
      />
      <ImageControls
        imageUrl={design.imageUrl}
        imageStyle={design.imageStyle}
        onImage={(url) => change('imageUrl', url)}
        onStyle={(style) => change('imageStyle', style)}
      />
      {(errors.backgroundColor1 || errors.backgroundColor2 || errors.textColor || errors.imageUrl) && (
        <InlineError role="alert">{colorOrImageError}</InlineError>
      )}
      {allowance && <CreationAllowanceNote allowance={allowance} cooldownSeconds={cooldownSeconds} counts={{ slots: creating }} />}
      <Footer>
        <Button $variant="secondary" onClick={onReset} disabled={saving}>
          Reset
        </Button>
        <Button type="submit" disabled={saving || cooldownSeconds > 0} aria-describedby={cooldownSeconds > 0 ? 'studio-cooldown' : undefined}>
          {saving ? 'Saving...' : cooldownSeconds > 0 ? ALLOWANCE_TEXT.saveCountdown(cooldownSeconds) : ALLOWANCE_TEXT.saveLabel}
        </Button>
      </Footer>
    </Form>
  );
}

/**
 * The Creator Studio: a live preview beside the design controls; Save Pog creates a POG, or saves
 * the one opened with `?edit={pogId}`. The saved POG's rarity and points arrive on the socket.
 */
export function CreatorStudio({ user }: { user: User }) {
  const target = useEditTarget(user);
  const { editId, editable } = target;
  const { design, setDesign, errors, setErrors, change, reset } = useDesignDraft(editable);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const create = useCreatePog();
  const update = useUpdatePog();
  const saving = create.isPending || update.isPending;
  const forgetPreviews = useForgetScorePreviews();

  const stopEditing = () => {
    target.clear();
    setDesign(EMPTY_DESIGN);
    setErrors({});
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const check = checkDesign(design, user.id);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    if (editable) {
      update.mutate({ pogId: editable.id, changes: designChanges(check.request) }, { onSuccess: () => { forgetPreviews(); stopEditing(); } });
    } else {
      create.mutate(check.request, { onSuccess: () => { forgetPreviews(); setDesign(EMPTY_DESIGN); } });
    }
  };

  // Saving a new design is scored again and counts as a creation; a new name alone is free.
  const redesigning = editable !== null && changesDesign(editable, design);
  const { allowance, cooldownSeconds } = useCreationCooldown(user.id, editable === null || redesigning);

  return (
    <>
      <Layout>
        <PreviewPanel design={design} editingId={editable?.id ?? null} onTemplates={() => setTemplatesOpen(true)} />
        <Panel aria-labelledby="studio-form-title">
          <PanelHead>
            <PanelTitle id="studio-form-title">{editable ? `Editing ${editable.name}` : 'Design your POG'}</PanelTitle>
            {editId !== null && (
              <Button $variant="ghost" $size="sm" onClick={stopEditing}>
                Cancel editing
              </Button>
            )}
          </PanelHead>
          {target.problem && <InlineError role="alert">{target.problem}</InlineError>}
          {target.opening && <Muted>Opening your POG...</Muted>}
          {redesigning && <Muted>{EDIT_TEXT.costsACreation}</Muted>}
          <DesignForm
            design={design}
            errors={errors}
            change={change}
            setDesign={setDesign}
            allowance={allowance}
            cooldownSeconds={cooldownSeconds}
            creating={editable === null}
            saving={saving}
            onReset={reset}
            onSave={save}
          />
        </Panel>
      </Layout>
      <Side>
        <MyCreatedPogs userId={user.id} />
        <ActiveTrades userId={user.id} />
      </Side>
      <TemplateDialog
        open={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        onChoose={(template) => {
          setDesign((current) => applyTemplate(current, template));
          setTemplatesOpen(false);
        }}
      />
    </>
  );
}
