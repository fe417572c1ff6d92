package structs

// ProducerOptions is a producer's configuration, taken on its own by
// CreateProducer and also held by a consumer's dead-letter policy: it
// keeps its own name, not the path through the policy.
type ProducerOptions struct {
	BatchSize int
}

type DeadLetterPolicy struct {
	MaxDeliveries int
	Producer      ProducerOptions
}

type ConsumerOptions struct {
	QueueSize int
	DLQ       *DeadLetterPolicy
}

type Producer struct{ pending [][]byte }

// CreateProducer makes a producer batching BatchSize messages.
func CreateProducer(o ProducerOptions) *Producer {
	return &Producer{pending: make([][]byte, 0, o.BatchSize)} // want option:"ProducerOptions.BatchSize"
}

// Subscribe makes a consumer's queue, and a producer for dead letters.
func Subscribe(o ConsumerOptions) (chan []byte, *Producer) {
	var dlq *Producer
	if o.DLQ != nil && o.DLQ.MaxDeliveries > 0 { // want option:"ConsumerOptions.DLQ" option:"ConsumerOptions.DLQ.MaxDeliveries"
		dlq = CreateProducer(o.DLQ.Producer)
	}
	return make(chan []byte, o.QueueSize), dlq // want option:"ConsumerOptions.QueueSize"
}
