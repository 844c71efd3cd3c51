/** The header of the pathway page and the progress page: name, school (chip in its colour), description. */
import '../../components/pathways.css';

export interface PathwayHeaderData {
  name: string;
  description: string;
  color: string;
  school: { name: string; primaryColor: string } | null;
}

export function PathwayHeader({ pathway }: { pathway: PathwayHeaderData }) {
  return (
    <header className="stack">
      <h1 style={{ margin: 0 }}>
        {pathway.color && <span className="color-dot" style={{ background: pathway.color }} aria-hidden="true" />}
        {pathway.name}
      </h1>
      {pathway.school && (
        <p style={{ margin: 0 }}>
          <span className="school-chip" style={{ background: pathway.school.primaryColor }}>
            {pathway.school.name}
          </span>
        </p>
      )}
      {pathway.description && <p style={{ margin: 0 }}>{pathway.description}</p>}
    </header>
  );
}
