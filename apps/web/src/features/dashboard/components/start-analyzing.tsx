import { ButtonLink } from '../../../components/ui/button';

/** The way on from a list with nothing in it yet: the analysis page. */
export function StartAnalyzing() {
  return (
    <ButtonLink to="/access-ai" className="mt-5">
      Start Analyzing
    </ButtonLink>
  );
}
