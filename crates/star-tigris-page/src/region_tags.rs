//! Where the regions view puts each region's tag, the leaders that rule
//! it: on a free cell beside the region when there is one, so no piece
//! is covered; else on one of its colonies, never on a leader.

use tabula_star_tigris::regions::Regions;
use tabula_star_tigris::state::Content;
use tabula_star_tigris::{Kind, Pos, StarTigris};

/// A region's tag: where it goes and the leaders it shows (owner, kind).
#[derive(Clone, Debug, PartialEq)]
pub struct RegionTag {
    /// The cell the tag is drawn on.
    pub at: Pos,
    /// The region's leaders, in reading order.
    pub rulers: Vec<(u8, Kind)>,
}

/// The tag of every region with a leader, in the order of the regions'
/// first cells; no two tags share a cell.
pub fn region_tags(g: &StarTigris) -> Vec<RegionTag> {
    let regions: &Regions = g.regions();
    let n = g.cell_count();
    let mut taken = vec![false; n];
    let mut tags = Vec::new();
    for root in 0..n {
        if regions.of(root) != Some(root as u16) {
            continue;
        }
        let cells: Vec<usize> = (root..n)
            .filter(|&j| regions.of(j) == Some(root as u16))
            .collect();
        let rulers: Vec<(u8, Kind)> = cells
            .iter()
            .filter_map(|&j| match g.cell(j).content() {
                Content::Leader(o, k) => Some((o, k)),
                _ => None,
            })
            .collect();
        if rulers.is_empty() {
            continue;
        }
        let free = |j: usize, taken: &[bool]| {
            let c = g.cell(j);
            c.is_empty() && !c.is_destroyed() && !c.has_artifact() && !taken[j]
        };
        let mut beside = None;
        for &j in &cells {
            g.for_neighbours(j, |nb| {
                if beside.is_none() && regions.of(nb).is_none() && free(nb, &taken) {
                    beside = Some(nb);
                }
            });
            if beside.is_some() {
                break;
            }
        }
        let at = beside
            .or_else(|| {
                cells
                    .iter()
                    .copied()
                    .find(|&j| matches!(g.cell(j).content(), Content::Colony(_)) && !taken[j])
            })
            .unwrap_or(root);
        taken[at] = true;
        tags.push(RegionTag {
            at: g.pos(at),
            rulers,
        });
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_star_tigris::parse_setup;

    fn tags(board: &str) -> Vec<RegionTag> {
        let g = parse_setup(&format!("players 2\nboard\n{board}")).unwrap();
        region_tags(&g)
    }

    #[test]
    fn a_tag_goes_on_a_free_cell_beside_its_region() {
        // A region of a leader and a colony in the top row: the tag goes
        // below the leader, the first free cell beside the region.
        let t = tags("P1 t  .\n.  .  .\n");
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].at, Pos::new(1, 0));
        assert_eq!(t[0].rulers, vec![(0, Kind::Settler)]);
    }

    #[test]
    fn a_region_with_no_free_cell_beside_it_gets_its_tag_on_a_colony_not_a_leader() {
        let t = tags("P1 t\nt  T2\n");
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].at, Pos::new(0, 1));
        assert_eq!(t[0].rulers.len(), 2);
    }

    #[test]
    fn two_regions_never_share_a_tag_cell_and_leaderless_regions_have_none() {
        let t = tags("P1 . P2\nt  . t\n.  . .\nt  t .\n");
        assert_eq!(t.len(), 2);
        assert_ne!(t[0].at, t[1].at);
        for tag in &t {
            let g = parse_setup("players 2\nboard\nP1 . P2\nt  . t\n.  . .\nt  t .\n").unwrap();
            let i = g.index(tag.at).unwrap();
            assert!(g.cell(i).is_empty(), "{tag:?} covers a piece");
        }
    }
}
