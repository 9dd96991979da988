# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Canal King's way search, compiled: `evaluate.ways` step for step (the same queue order, the
same costs and the same ways), with its crossings in C arrays. `evaluate.py` uses it where it
was built; `towpath.core.compiled` says when it is not."""

# The Python function this kernel mirrors, and its digest when they last matched
# (towpath.core.compiled: a changed twin is run instead of this kernel until both agree).
# twin: evaluate.search_ways a23ebfd5bb9dd983

from cpython.array cimport array, clone
ctypedef long long i64  # array("q")'s items
from libc.stdlib cimport free, malloc, realloc

cdef int EDGES = 6
cdef i64 TILE = 1 << 10
cdef i64 FAR = (<i64>1) << 40
cdef i64 SOURCE = -1
cdef array QUAD = array("q")


cdef class Searcher:
    """One board's geometry in C: where each crossing's edges lead, and each port's docks."""

    cdef int crossings
    cdef int ports
    cdef int border
    cdef i64 line[36]
    cdef i64 *step
    cdef int *dock_start  # the docks of port p: docks[dock_start[p]:dock_start[p + 1]]
    cdef int *docks

    def __cinit__(self, step, line, port_docks, int border):
        cdef int index, port, count = 0
        self.crossings = len(step)
        self.ports = len(port_docks)
        self.border = border
        for index in range(36):
            self.line[index] = line[index]
        self.step = <i64 *> malloc(self.crossings * sizeof(i64))
        self.dock_start = <int *> malloc((self.ports + 1) * sizeof(int))
        self.docks = <int *> malloc(max(1, sum(len(d) for d in port_docks)) * sizeof(int))
        if not self.step or not self.dock_start or not self.docks:
            raise MemoryError()
        for index in range(self.crossings):
            self.step[index] = step[index]
        for port in range(self.ports):
            self.dock_start[port] = count
            for crossing in port_docks[port]:
                self.docks[count] = crossing
                count += 1
        self.dock_start[self.ports] = count

    def __dealloc__(self):
        free(self.step)
        free(self.dock_start)
        free(self.docks)

    def ways(self, int source, tuple laid, tuple stops, tuple at_hand, tuple fitting, tuple freed,
             targets):
        """(ports, crossings, came, came_to_port) as `evaluate.ways` finds them."""
        cdef int cells = self.crossings // EDGES
        cdef i64 *cell_data = <i64 *> malloc(5 * cells * sizeof(i64))
        cdef char *wanted = <char *> malloc(self.ports)
        cdef Queue queue = Queue()
        cdef array best = clone(QUAD, self.crossings, False)
        cdef array came = clone(QUAD, self.crossings, False)
        cdef i64 *ports = <i64 *> malloc(self.ports * sizeof(i64))
        cdef i64 *came_to_port = <i64 *> malloc(self.ports * sizeof(i64))
        cdef i64 enough, spent, cost, paid, key, line, how, target
        cdef i64 *best_of = best.data.as_longlongs
        cdef i64 *came_of = came.data.as_longlongs
        cdef int crossing, cell, entry, edge, index
        try:
            if not cell_data or not wanted or not ports or not came_to_port:
                raise MemoryError()
            for cell in range(cells):
                cell_data[5 * cell] = laid[cell]
                cell_data[5 * cell + 1] = stops[cell]
                cell_data[5 * cell + 2] = at_hand[cell]
                cell_data[5 * cell + 3] = fitting[cell]
                cell_data[5 * cell + 4] = freed[cell]
            for index in range(self.crossings):
                best_of[index] = FAR
                came_of[index] = SOURCE
            for index in range(self.ports):
                ports[index] = FAR
                came_to_port[index] = SOURCE
                wanted[index] = 0
            for index in targets:
                wanted[index] = 1
            # A way leaving a crossing that cost `spent` arrives in a port at spent + 1 or more.
            enough = FAR if targets else 2 * FAR
            enough = self.moor(source, 0, SOURCE, ports, came_to_port, wanted, enough,
                               best_of, came_of, queue)
            while queue.size:
                key = queue.pop()
                spent, crossing = key // self.crossings, key % self.crossings
                if spent > best_of[crossing]:
                    continue
                if spent >= enough:
                    break
                cell, entry = crossing // EDGES, crossing % EDGES
                how = <i64> crossing * EDGES
                for edge in range(EDGES):
                    line = self.line[entry * EDGES + edge]
                    if line & cell_data[5 * cell]:
                        paid = cell_data[5 * cell + 1]
                    elif line & cell_data[5 * cell + 2]:
                        paid = TILE
                    elif line & cell_data[5 * cell + 3]:
                        paid = TILE + 1  # a turn to draw the tile first
                    elif line & cell_data[5 * cell + 4]:
                        paid = 2 * TILE  # a neighbour must be replaced first
                    else:
                        continue
                    cost = spent + paid
                    target = self.step[cell * EDGES + edge]
                    if target >= 0:
                        if cost < best_of[target]:
                            best_of[target] = cost
                            came_of[target] = how + edge
                            queue.push(cost * self.crossings + target)
                    elif target != self.border and cost + 1 < ports[-1 - target]:
                        enough = self.moor(-1 - target, cost + 1, how + edge, ports,
                                           came_to_port, wanted, enough, best_of, came_of, queue)
            return (
                [ports[index] for index in range(self.ports)],
                best,
                came,
                [came_to_port[index] for index in range(self.ports)],
            )
        finally:
            free(cell_data)
            free(wanted)
            free(ports)
            free(came_to_port)

    cdef i64 moor(self, int port, i64 cost, i64 how, i64 *ports,
                      i64 *came_to_port, char *wanted, i64 enough, i64 *best_of,
                      i64 *came_of, Queue queue):
        """Arrive in `port`, and leave it by its docks; the new `enough`."""
        cdef int index, crossing
        ports[port] = cost
        came_to_port[port] = how
        if wanted[port]:
            enough = -FAR
            for index in range(self.ports):
                if wanted[index] and ports[index] - 1 > enough:
                    enough = ports[index] - 1
        for index in range(self.dock_start[port], self.dock_start[port + 1]):
            crossing = self.docks[index]
            if cost < best_of[crossing]:
                best_of[crossing] = cost
                came_of[crossing] = SOURCE - 1 - port
                queue.push(cost * self.crossings + crossing)
        return enough


cdef class Queue:
    """A binary heap of keys, the least first (as heapq keeps a list)."""

    cdef i64 *keys
    cdef int size
    cdef int room

    def __cinit__(self):
        self.room = 1024
        self.size = 0
        self.keys = <i64 *> malloc(self.room * sizeof(i64))
        if not self.keys:
            raise MemoryError()

    def __dealloc__(self):
        free(self.keys)

    cdef int push(self, i64 key) except -1:
        cdef int at = self.size, parent
        cdef i64 *grown
        if self.size == self.room:
            grown = <i64 *> realloc(self.keys, 2 * self.room * sizeof(i64))
            if not grown:
                raise MemoryError()
            self.keys, self.room = grown, 2 * self.room
        self.size += 1
        while at > 0:
            parent = (at - 1) >> 1
            if self.keys[parent] <= key:
                break
            self.keys[at] = self.keys[parent]
            at = parent
        self.keys[at] = key
        return 0

    cdef i64 pop(self):
        cdef i64 least = self.keys[0]
        cdef i64 last
        cdef int at = 0, child
        self.size -= 1
        last = self.keys[self.size]
        while True:
            child = 2 * at + 1
            if child >= self.size:
                break
            if child + 1 < self.size and self.keys[child + 1] < self.keys[child]:
                child += 1
            if last <= self.keys[child]:
                break
            self.keys[at] = self.keys[child]
            at = child
        if self.size:
            self.keys[at] = last
        return least
