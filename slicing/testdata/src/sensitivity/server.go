package sensitivity

// Server accepts connections in a loop and handles each in a goroutine;
// a handler may serve again through an interface, which puts the accept
// loop and the handler in one cycle of the call graph.
type Server struct {
	srv  Serving
	conn chan int
}

type Serving interface{ Serve() }

func NewServer() *Server {
	s := &Server{conn: make(chan int)}
	s.srv = s
	return s
}

// Serve runs the accept loop.
func (s *Server) Serve() {
	for {
		c := <-s.conn
		go func() { s.handle(c) }()
	}
}

// handle runs once per connection.
func (s *Server) handle(c int) {
	if c < 0 {
		s.srv.Serve()
	}
	sink += c
}
