import { Link } from 'react-router';
import { Page, PageHeader, Prose } from '../../components/ui/page';

export function Component() {
  return (
    <Page title="About">
      <PageHeader
        eyebrow="About"
        title="One county, known well"
        lead="Vision Terminal answers one question — where in Miami-Dade County was this photo taken? — and shows its evidence."
      />
      <Prose>
        <h2>Why one county</h2>
        <p>
          General-purpose models guess at the planet. We chose the opposite: a single county, Miami-Dade, studied street
          by street. Knowing one place well means the engine can read a half-visible street sign, recognise a building
          from its corner, and say honestly when a photo was taken somewhere else.
        </p>
        <h2>How it decides</h2>
        <p>
          Several independent locators look at each photo: the photo’s own GPS metadata, text in the photo matched
          against the county’s place names and street grid, comparison with reference photos of known places, and, when
          configured, a vision model. Their evidence is fused into ranked candidates with probabilities and an
          uncertainty radius. Confidence comes from that evidence, never from a fixed number.
        </p>
        <h2>Honest figures</h2>
        <p>
          Our targets are 95% accuracy and answers in under 0.8 seconds. Targets are not results: every accuracy or
          speed figure on this site comes from our own benchmark runs, with the benchmark’s name and date, and says “not
          yet measured” until then.
        </p>
        <h2>Privacy by default</h2>
        <p>
          Stored photos are stripped of GPS and all other metadata, your data stays yours to export or delete, and the
          site loads nothing from outside services. Read the <Link to="/privacy">Privacy</Link> page for details.
        </p>
      </Prose>
    </Page>
  );
}
