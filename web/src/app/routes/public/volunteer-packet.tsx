import { useParams } from 'react-router';
import { MyJudgePacket } from '@/app/compositions/crew-judge-packet';

/** The judge's packet to print, by their link's secret (docs/crew.md, "A judge's packet"). */
export default function VolunteerPacketRoute() {
  const { key = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl">
      <MyJudgePacket volunteerKey={key} />
    </div>
  );
}
