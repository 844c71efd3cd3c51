/**
 * The plan's grid view: one column per term, course tiles dragged with @dnd-kit/core by mouse,
 * touch or keyboard (Space picks a tile up, arrows move it between terms and tiles, Space drops,
 * Escape cancels; Enter or a click opens the course). Screen readers hear which term a course is over.
 * Terms sit side by side while they fit, wrap onto more rows when they do not, and stack in one
 * column on a phone (plan-grid.css): no term is ever out of sight in a sideways scroll.
 */
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { dropTarget, termDropId, tileId, type Drop, type PlanData, type PlanEntryData, type PlanTermData } from './planMoves';
import { formatUnits } from '../../components/units';
import { useT, useTermLabel } from '../../i18n';
import './plan-grid.css';

export interface PlanGridProps {
  plan: PlanData;
  /** A parent's view: no dragging, no term editing. */
  readOnly: boolean;
  onMove(entryId: number, drop: Drop): void;
  onOpen(uuid: string): void;
  onEditTerm(term: PlanTermData): void;
}

/** Pointer drops prefer the tile under the pointer, then its column; keyboard drops the nearest. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length) return [...hits].sort((a, b) => Number(String(b.id).startsWith('course:')) - Number(String(a.id).startsWith('course:')));
  return closestCenter(args);
};

type Rect = { left: number; top: number; width: number; height: number };
const center = (r: Rect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/**
 * Arrow keys: left and right jump to the previous or next term in the plan's order (whether the
 * terms sit side by side, wrap, or stack in one column on a phone), up and down to the nearest tile
 * above or below in the same column.
 */
export function keyboardCoordinates(termOrder: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const { collisionRect, droppableContainers } = context;
    if (!collisionRect) return undefined;
    const { x: cx, y: cy } = center(collisionRect);
    const rects = droppableContainers
      .getEnabled()
      .map((c) => ({ id: String(c.id), rect: c.rect.current }))
      .filter((c): c is { id: string; rect: NonNullable<typeof c.rect> } => !!c.rect && c.id !== String(context.active));
    let target: Rect | undefined;
    if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
      const terms = rects.filter((c) => c.id.startsWith('term:'));
      const inside = terms.find((c) => cx >= c.rect.left && cx <= c.rect.right && cy >= c.rect.top && cy <= c.rect.bottom);
      const nearest = inside ?? [...terms].sort((a, b) => distance(a.rect, cx, cy) - distance(b.rect, cx, cy))[0];
      const at = nearest ? termOrder.indexOf(nearest.id) : -1;
      const next = at < 0 ? undefined : termOrder[at + (event.code === 'ArrowRight' ? 1 : -1)];
      const column = terms.find((c) => c.id === next)?.rect;
      if (column) {
        // Land at the top of the term's tiles, or its empty area.
        target = { left: column.left, top: column.top + 40, width: column.width, height: Math.min(collisionRect.height, Math.max(column.height - 40, 1)) };
      }
    } else if (event.code === 'ArrowDown' || event.code === 'ArrowUp') {
      const dir = event.code === 'ArrowDown' ? 1 : -1;
      const tiles = rects.filter((c) => c.id.startsWith('course:') && Math.abs(center(c.rect).x - cx) < c.rect.width / 2 && (center(c.rect).y - cy) * dir > 5);
      tiles.sort((a, b) => Math.abs(center(a.rect).y - cy) - Math.abs(center(b.rect).y - cy));
      target = tiles[0]?.rect;
    }
    if (!target) return undefined;
    event.preventDefault();
    const c = center(target);
    return { x: c.x - collisionRect.width / 2, y: c.y - collisionRect.height / 2 };
  };
}

function distance(r: Rect, x: number, y: number): number {
  const c = center(r);
  return Math.hypot(c.x - x, c.y - y);
}

export function PlanGrid({ plan, readOnly, onMove, onOpen, onEditTerm }: PlanGridProps) {
  const [active, setActive] = useState<PlanEntryData | null>(null);
  const termKey = JSON.stringify(plan.terms.map((term) => termDropId(term.term)));
  const coordinates = useMemo(() => keyboardCoordinates(JSON.parse(termKey) as string[]), [termKey]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: coordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const entries = plan.terms.flatMap((term) => term.courses);
  const entryOf = (id: string | number) => entries.find((e) => tileId(e.id) === String(id));
  const describe = (overId: string | number | undefined, entryId: number) => {
    const drop = dropTarget(plan, entryId, overId === undefined ? null : String(overId));
    if (!drop) return 'not over a term';
    const term = plan.terms.find((term) => term.term === drop.term);
    return `over ${term?.label ?? 'a term'}, position ${drop.index + 1} of ${(term?.courses.filter((c) => c.id !== entryId).length ?? 0) + 1}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const e = entryOf(a.id);
      const term = plan.terms.find((term) => term.term === e?.term);
      return e ? `Picked up ${e.course.title} in ${term?.label ?? 'its term'}.` : 'Picked up a course.';
    },
    onDragOver: ({ active: a, over }) => {
      const e = entryOf(a.id);
      return e ? `${e.course.title} is ${describe(over?.id, e.id)}.` : '';
    },
    onDragEnd: ({ active: a, over }) => {
      const e = entryOf(a.id);
      return e ? `${e.course.title} was dropped ${describe(over?.id, e.id)}.` : '';
    },
    onDragCancel: ({ active: a }) => {
      const e = entryOf(a.id);
      return e ? `Moving ${e.course.title} was cancelled; it stays where it was.` : '';
    },
  };

  function end(event: DragEndEvent) {
    setActive(null);
    const e = entryOf(event.active.id);
    if (!e || !event.over) return;
    const drop = dropTarget(plan, e.id, String(event.over.id));
    if (drop) onMove(e.id, drop);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={(e: DragStartEvent) => setActive(entryOf(e.active.id) ?? null)}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a course, press Space. Use the left and right arrow keys to choose a term and the up and down arrow keys to choose a place in it, then press Space to drop or Escape to cancel. Press Enter to open the course.',
        },
      }}
    >
      <div className="plan-grid">
        {plan.terms.map((term) => (
          <TermColumn key={term.term} term={term} readOnly={readOnly} onOpen={onOpen} onEditTerm={onEditTerm} />
        ))}
      </div>
      <DragOverlay>{active ? <TileBody entry={active} /> : null}</DragOverlay>
    </DndContext>
  );
}

function TermColumn({ term, readOnly, onOpen, onEditTerm }: { term: PlanTermData; readOnly: boolean; onOpen(uuid: string): void; onEditTerm(term: PlanTermData): void }) {
  const t = useT();
  const label = useTermLabel()(term.label);
  const { setNodeRef, isOver } = useDroppable({ id: termDropId(term.term), disabled: readOnly });
  return (
    <section ref={setNodeRef} className={`plan-term card${isOver ? ' drop-over' : ''}`} aria-label={label} data-term={term.term}>
      <div className="plan-term-head">
        <h2>{label}</h2>
        {!readOnly && term.position !== null && (
          <button
            type="button"
            className="link pencil"
            aria-label={t('components.editTermLabel', { label })}
            title={t('components.editTerm')}
            onClick={() => onEditTerm(term)}
          >
            ✎
          </button>
        )}
      </div>
      <p className="muted small">{formatUnits(term.units)}</p>
      {term.courses.length === 0 ? (
        <p className="muted small">{t('components.noCoursesScheduledForThisYear')}</p>
      ) : (
        <ul className="plan-tiles">
          {term.courses.map((e) => (
            <CourseTile key={e.id} entry={e} readOnly={readOnly} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseTile({ entry, readOnly, onOpen }: { entry: PlanEntryData; readOnly: boolean; onOpen(uuid: string): void }) {
  const drag = useDraggable({ id: tileId(entry.id), disabled: readOnly });
  const drop = useDroppable({ id: tileId(entry.id), disabled: readOnly });
  const { onKeyDown, ...listeners } = (drag.listeners ?? {}) as Record<string, (e: unknown) => void>;
  function keyDown(e: ReactKeyboardEvent) {
    if (e.key === 'Enter' && !drag.isDragging) {
      e.preventDefault();
      onOpen(entry.course.uuid);
      return;
    }
    onKeyDown?.(e);
  }
  return (
    // The list item stays a list item (a list holds only items); the draggable button is the tile inside it.
    <li ref={drop.setNodeRef} className="plan-tile-item">
      <div
        ref={drag.setNodeRef}
        className={`plan-tile${drag.isDragging ? ' dragging' : ''}${drop.isOver && !drag.isDragging ? ' drop-over' : ''}`}
        style={{ borderLeftColor: entry.course.school?.primaryColor ?? undefined }}
        data-course={entry.course.courseId}
        {...drag.attributes}
        {...listeners}
        role="button"
        tabIndex={0}
        onKeyDown={keyDown}
        onClick={() => onOpen(entry.course.uuid)}
      >
        <TileBody entry={entry} />
      </div>
    </li>
  );
}

function TileBody({ entry }: { entry: PlanEntryData }) {
  const t = useT();
  return (
    <div className="plan-tile-body">
      <div className="row tile-top">
        <strong>{entry.course.courseId}</strong>
        <span className="muted small">{formatUnits(entry.course.units)}</span>
      </div>
      <div>{entry.course.title}</div>
      {(entry.grade || entry.completed) && (
        <div className="small tile-grade">
          {entry.completed && <span aria-label={t('components.completed')}>✓ </span>}
          {entry.grade ? t('components.gradeGrade', { grade: entry.grade }) : t('components.completed')}
        </div>
      )}
      {entry.source === 'record' && (
        <div className="small tile-source" title={t('plan.fromRecordWhy')}>
          <span aria-hidden="true">🔒 </span>
          {t('plan.fromRecord')}
        </div>
      )}
      {entry.source === 'self_reported' && <div className="small muted tile-source">{t('plan.selfReported')}</div>}
    </div>
  );
}
